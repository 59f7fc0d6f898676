-- The administrator's report summed every partner's rollup rows on each request: at the xl size
-- (200 partners, issue 20) 30,000 per-partner months for the table by partner, 36,000 per-partner
-- days for the windows, and each window's first day from 14,000 sales. These rollups count the same
-- sales (paid, through a reseller) with no partner in their key: per partner over all time, and for
-- the whole business per month, per day and per hour (São Paulo calendar), so the administrator reads
-- a few hundred rows and only the sales of the hour each window starts in.
CREATE TABLE "sales_partner_totals" (
	"partner_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"payment_method" text NOT NULL,
	"count" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	CONSTRAINT "sales_partner_totals_pk" PRIMARY KEY("partner_id","tipo","payment_method")
);--> statement-breakpoint
CREATE TABLE "sales_months" (
	"month" date NOT NULL,
	"tipo" text NOT NULL,
	"payment_method" text NOT NULL,
	"count" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	CONSTRAINT "sales_months_pk" PRIMARY KEY("month","tipo","payment_method")
);--> statement-breakpoint
CREATE TABLE "sales_days" (
	"day" date NOT NULL,
	"tipo" text NOT NULL,
	"payment_method" text NOT NULL,
	"count" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	CONSTRAINT "sales_days_pk" PRIMARY KEY("day","tipo","payment_method")
);--> statement-breakpoint
-- The hour as São Paulo's local time (as the days are its dates).
CREATE TABLE "sales_hours" (
	"hour" timestamp NOT NULL,
	"tipo" text NOT NULL,
	"payment_method" text NOT NULL,
	"count" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	CONSTRAINT "sales_hours_pk" PRIMARY KEY("hour","tipo","payment_method")
);--> statement-breakpoint
-- A month's figures by partner (the report filtered by month) read that month's rows alone.
CREATE INDEX "sales_partner_months_month_idx" ON "sales_partner_months" USING btree ("month");--> statement-breakpoint
-- Sales written meanwhile wait for the triggers below: filled in from what is there now, they would be missed.
LOCK TABLE "sales" IN SHARE MODE;--> statement-breakpoint
INSERT INTO "sales_partner_totals" ("partner_id", "tipo", "payment_method", "count", "total")
SELECT partner_id, tipo, payment_method, sum(count), sum(total) FROM "sales_partner_months"
GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "sales_months" ("month", "tipo", "payment_method", "count", "total")
SELECT month, tipo, payment_method, sum(count), sum(total) FROM "sales_partner_months"
GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "sales_days" ("day", "tipo", "payment_method", "count", "total")
SELECT day, tipo, payment_method, sum(count), sum(total) FROM "sales_partner_days"
GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "sales_hours" ("hour", "tipo", "payment_method", "count", "total")
SELECT date_trunc('hour', data_hora AT TIME ZONE 'America/Sao_Paulo'), tipo, payment_method, count(*), sum(valor)
FROM "sales" WHERE status = 'paid' AND reseller_id IS NOT NULL
GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;--> statement-breakpoint
ANALYZE "sales_partner_totals";--> statement-breakpoint
ANALYZE "sales_months";--> statement-breakpoint
ANALYZE "sales_days";--> statement-breakpoint
ANALYZE "sales_hours";--> statement-breakpoint
CREATE FUNCTION "sales_totals_whole_on_sales"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The statement's rows, each counting +1 (new) or -1 (old): an update takes its old row out and puts its new row in.
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'select *, 1 as sign from new_sales'
    WHEN 'DELETE' THEN 'select *, -1 as sign from old_sales'
    ELSE 'select *, 1 as sign from new_sales union all select *, -1 from old_sales'
  END;
BEGIN
  -- The resellers involved are held until commit (as sales_totals_on_sales holds them), so a
  -- concurrent change of their partner either waits for these sales or is seen here.
  EXECUTE format('select 1 from resellers where id in (select reseller_id from (%s) c where status = ''paid'') order by id for share', changes);
  -- Upserts in key order, so concurrent payments add to the same rows exactly and never deadlock.
  EXECUTE format($sql$
    with changed as materialized (
      select r.id_parceiro as partner_id, (c.data_hora at time zone 'America/Sao_Paulo') as local_time,
             c.tipo, c.payment_method, c.sign, c.valor
      from (%1$s) c join resellers r on r.id = c.reseller_id
      where c.status = 'paid'
    ), partner_totals as (
      insert into sales_partner_totals as t (partner_id, tipo, payment_method, count, total)
      select partner_id, tipo, payment_method, sum(sign), sum(sign * valor) from changed
      group by 1, 2, 3 having sum(sign) <> 0 or sum(sign * valor) <> 0 order by 1, 2, 3
      on conflict (partner_id, tipo, payment_method) do update set count = t.count + excluded.count, total = t.total + excluded.total
    ), months as (
      insert into sales_months as t (month, tipo, payment_method, count, total)
      select date_trunc('month', local_time)::date, tipo, payment_method, sum(sign), sum(sign * valor) from changed
      group by 1, 2, 3 having sum(sign) <> 0 or sum(sign * valor) <> 0 order by 1, 2, 3
      on conflict (month, tipo, payment_method) do update set count = t.count + excluded.count, total = t.total + excluded.total
    ), days as (
      insert into sales_days as t (day, tipo, payment_method, count, total)
      select local_time::date, tipo, payment_method, sum(sign), sum(sign * valor) from changed
      group by 1, 2, 3 having sum(sign) <> 0 or sum(sign * valor) <> 0 order by 1, 2, 3
      on conflict (day, tipo, payment_method) do update set count = t.count + excluded.count, total = t.total + excluded.total
    )
    insert into sales_hours as t (hour, tipo, payment_method, count, total)
    select date_trunc('hour', local_time), tipo, payment_method, sum(sign), sum(sign * valor) from changed
    group by 1, 2, 3 having sum(sign) <> 0 or sum(sign * valor) <> 0 order by 1, 2, 3
    on conflict (hour, tipo, payment_method) do update set count = t.count + excluded.count, total = t.total + excluded.total
  $sql$, changes);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sales_totals_whole_insert" AFTER INSERT ON "sales" REFERENCING NEW TABLE AS new_sales
FOR EACH STATEMENT EXECUTE FUNCTION "sales_totals_whole_on_sales"();--> statement-breakpoint
CREATE TRIGGER "sales_totals_whole_update" AFTER UPDATE ON "sales" REFERENCING OLD TABLE AS old_sales NEW TABLE AS new_sales
FOR EACH STATEMENT EXECUTE FUNCTION "sales_totals_whole_on_sales"();--> statement-breakpoint
CREATE TRIGGER "sales_totals_whole_delete" AFTER DELETE ON "sales" REFERENCING OLD TABLE AS old_sales
FOR EACH STATEMENT EXECUTE FUNCTION "sales_totals_whole_on_sales"();--> statement-breakpoint
CREATE FUNCTION "sales_totals_whole_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "sales_partner_totals", "sales_months", "sales_days", "sales_hours";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sales_totals_whole_truncate" AFTER TRUNCATE ON "sales" FOR EACH STATEMENT EXECUTE FUNCTION "sales_totals_whole_truncate"();--> statement-breakpoint
-- A reseller moved to another partner takes its sales' totals along; the whole business's months,
-- days and hours do not change.
CREATE FUNCTION "sales_partner_totals_on_resellers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (
    SELECT n.id, o.id_parceiro AS old_partner, n.id_parceiro AS new_partner
    FROM old_resellers o JOIN new_resellers n ON n.id = o.id
    WHERE o.id_parceiro IS DISTINCT FROM n.id_parceiro
  )
  INSERT INTO sales_partner_totals AS t (partner_id, tipo, payment_method, count, total)
  SELECT m.partner_id, s.tipo, s.payment_method, sum(m.sign)::int, sum(m.sign * s.valor)
  FROM (SELECT id, new_partner AS partner_id, 1 AS sign FROM moved
        UNION ALL SELECT id, old_partner, -1 FROM moved) m
  JOIN sales s ON s.reseller_id = m.id
  WHERE s.status = 'paid'
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (partner_id, tipo, payment_method) DO UPDATE SET count = t.count + excluded.count, total = t.total + excluded.total;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sales_partner_totals_resellers" AFTER UPDATE ON "resellers" REFERENCING OLD TABLE AS old_resellers NEW TABLE AS new_resellers
FOR EACH STATEMENT EXECUTE FUNCTION "sales_partner_totals_on_resellers"();
