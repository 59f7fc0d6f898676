CREATE TABLE "sales_partner_days" (
	"day" date NOT NULL,
	"partner_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"count" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	CONSTRAINT "sales_partner_days_day_partner_id_tipo_pk" PRIMARY KEY("day","partner_id","tipo")
);
--> statement-breakpoint
CREATE TABLE "sales_partner_months" (
	"partner_id" integer NOT NULL,
	"month" date NOT NULL,
	"tipo" text NOT NULL,
	"count" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	CONSTRAINT "sales_partner_months_partner_id_month_tipo_pk" PRIMARY KEY("partner_id","month","tipo")
);
--> statement-breakpoint
CREATE TABLE "sales_reseller_months" (
	"reseller_id" integer NOT NULL,
	"month" date NOT NULL,
	"tipo" text NOT NULL,
	"count" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	CONSTRAINT "sales_reseller_months_reseller_id_month_tipo_pk" PRIMARY KEY("reseller_id","month","tipo")
);
--> statement-breakpoint
-- The rollup counts what the sales report counts: paid sales made through a reseller, on the
-- São Paulo calendar (REPORT_TIME_ZONE in src/domain/report.ts), partners being the resellers' current ones.
-- First the sales already there (an upgraded database), then triggers keep it: once per statement, from
-- the statement's transition tables, so a bulk insert aggregates once.
INSERT INTO "sales_reseller_months" ("reseller_id", "month", "tipo", "count", "total")
SELECT s.reseller_id, date_trunc('month', s.data_hora AT TIME ZONE 'America/Sao_Paulo')::date, s.tipo, count(*), sum(s.valor)
FROM "sales" s
WHERE s.status = 'paid' AND s.reseller_id IS NOT NULL
GROUP BY 1, 2, 3
ORDER BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "sales_partner_months" ("partner_id", "month", "tipo", "count", "total")
SELECT r.id_parceiro, m.month, m.tipo, sum(m.count), sum(m.total)
FROM "sales_reseller_months" m JOIN "resellers" r ON r.id = m.reseller_id
GROUP BY 1, 2, 3
ORDER BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "sales_partner_days" ("day", "partner_id", "tipo", "count", "total")
SELECT (s.data_hora AT TIME ZONE 'America/Sao_Paulo')::date, r.id_parceiro, s.tipo, count(*), sum(s.valor)
FROM "sales" s JOIN "resellers" r ON r.id = s.reseller_id
WHERE s.status = 'paid'
GROUP BY 1, 2, 3
-- In key order (as the seed's bulk insert gets them from the trigger): a range of days reads few pages.
ORDER BY 1, 2, 3;--> statement-breakpoint
ANALYZE "sales_reseller_months";--> statement-breakpoint
ANALYZE "sales_partner_months";--> statement-breakpoint
ANALYZE "sales_partner_days";--> statement-breakpoint
CREATE FUNCTION "sales_totals_on_sales"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The statement's rows, each counting +1 (new) or -1 (old): an update takes its old row out and puts its new row in.
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'select *, 1 as sign from new_sales'
    WHEN 'DELETE' THEN 'select *, -1 as sign from old_sales'
    ELSE 'select *, 1 as sign from new_sales union all select *, -1 from old_sales'
  END;
BEGIN
  -- Hold the resellers involved until commit, so a concurrent change of their partner
  -- (sales_totals_on_resellers) either waits for these sales or is seen by the next statement.
  EXECUTE format('select 1 from resellers where id in (select reseller_id from (%s) c where status = ''paid'') order by id for share', changes);
  -- Two passes over the statement's rows (per reseller and month, per partner and day), each a small
  -- aggregate even for a million sales; upserts in key order, so concurrent payments add to the same
  -- rows exactly and never deadlock.
  EXECUTE format($sql$
    with changed as not materialized (
      select c.reseller_id, r.id_parceiro as partner_id, (c.data_hora at time zone 'America/Sao_Paulo') as local_time, c.tipo, c.sign, c.valor
      from (%1$s) c join resellers r on r.id = c.reseller_id
      where c.status = 'paid'
    ), by_month as (
      select reseller_id, partner_id, date_trunc('month', local_time)::date as month, tipo, sum(sign)::int as count, sum(sign * valor) as total
      from changed group by 1, 2, 3, 4
    ), reseller_months as (
      insert into sales_reseller_months as t (reseller_id, month, tipo, count, total)
      select reseller_id, month, tipo, count, total from by_month where count <> 0 or total <> 0 order by 1, 2, 3
      on conflict (reseller_id, month, tipo) do update set count = t.count + excluded.count, total = t.total + excluded.total
    ), partner_months as (
      insert into sales_partner_months as t (partner_id, month, tipo, count, total)
      select partner_id, month, tipo, sum(count), sum(total) from by_month
      group by 1, 2, 3 having sum(count) <> 0 or sum(total) <> 0 order by 1, 2, 3
      on conflict (partner_id, month, tipo) do update set count = t.count + excluded.count, total = t.total + excluded.total
    )
    insert into sales_partner_days as t (day, partner_id, tipo, count, total)
    select local_time::date, partner_id, tipo, sum(sign), sum(sign * valor) from changed
    group by 1, 2, 3 having sum(sign) <> 0 or sum(sign * valor) <> 0 order by 1, 2, 3
    on conflict (day, partner_id, tipo) do update set count = t.count + excluded.count, total = t.total + excluded.total
  $sql$, changes);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sales_totals_insert" AFTER INSERT ON "sales" REFERENCING NEW TABLE AS new_sales
FOR EACH STATEMENT EXECUTE FUNCTION "sales_totals_on_sales"();--> statement-breakpoint
CREATE TRIGGER "sales_totals_update" AFTER UPDATE ON "sales" REFERENCING OLD TABLE AS old_sales NEW TABLE AS new_sales
FOR EACH STATEMENT EXECUTE FUNCTION "sales_totals_on_sales"();--> statement-breakpoint
CREATE TRIGGER "sales_totals_delete" AFTER DELETE ON "sales" REFERENCING OLD TABLE AS old_sales
FOR EACH STATEMENT EXECUTE FUNCTION "sales_totals_on_sales"();--> statement-breakpoint
CREATE FUNCTION "sales_totals_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "sales_reseller_months", "sales_partner_months", "sales_partner_days";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sales_totals_truncate" AFTER TRUNCATE ON "sales" FOR EACH STATEMENT EXECUTE FUNCTION "sales_totals_truncate"();--> statement-breakpoint
-- A reseller moved to another partner (its own change of branch, or its branch's) takes its sales'
-- partner totals along; the per-reseller months follow it by themselves (the report joins the reseller).
CREATE FUNCTION "sales_totals_on_resellers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (
    SELECT n.id, o.id_parceiro AS old_partner, n.id_parceiro AS new_partner
    FROM old_resellers o JOIN new_resellers n ON n.id = o.id
    WHERE o.id_parceiro IS DISTINCT FROM n.id_parceiro
  ), delta AS (
    SELECT m.partner_id, (s.data_hora AT TIME ZONE 'America/Sao_Paulo')::date AS day, s.tipo,
           sum(m.sign)::int AS count, sum(m.sign * s.valor) AS total
    FROM (SELECT id, new_partner AS partner_id, 1 AS sign FROM moved
          UNION ALL SELECT id, old_partner, -1 FROM moved) m
    JOIN sales s ON s.reseller_id = m.id
    WHERE s.status = 'paid'
    GROUP BY 1, 2, 3
  ), partner_months AS (
    INSERT INTO sales_partner_months AS t (partner_id, month, tipo, count, total)
    SELECT partner_id, date_trunc('month', day::timestamp)::date, tipo, sum(count), sum(total) FROM delta GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (partner_id, month, tipo) DO UPDATE SET count = t.count + excluded.count, total = t.total + excluded.total
  )
  INSERT INTO sales_partner_days AS t (day, partner_id, tipo, count, total)
  SELECT day, partner_id, tipo, sum(count), sum(total) FROM delta GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (day, partner_id, tipo) DO UPDATE SET count = t.count + excluded.count, total = t.total + excluded.total;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sales_totals_resellers" AFTER UPDATE ON "resellers" REFERENCING OLD TABLE AS old_resellers NEW TABLE AS new_resellers
FOR EACH STATEMENT EXECUTE FUNCTION "sales_totals_on_resellers"();
