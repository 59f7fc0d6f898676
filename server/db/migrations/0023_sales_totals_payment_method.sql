-- The sales report filtered by payment method (issue 23's Pix) summed the matching sales on every
-- request: a scan at a million sales (issue 20). The five rollups are kept per method too, so every
-- filter of the report reads them. A row of theirs may count both methods, so they are recomputed
-- from the sales, and the triggers of 0007 and 0022 are replaced by the same ones with the method.
-- Sales written meanwhile wait for the new triggers: counted by the old ones they would miss the method.
LOCK TABLE "sales" IN SHARE MODE;--> statement-breakpoint
TRUNCATE "sales_reseller_months", "sales_partner_months", "sales_partner_days", "sales_unattributed_months", "sales_unattributed_days";--> statement-breakpoint
ALTER TABLE "sales_reseller_months" DROP CONSTRAINT "sales_reseller_months_reseller_id_month_tipo_pk";--> statement-breakpoint
ALTER TABLE "sales_reseller_months" ADD COLUMN "payment_method" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_reseller_months" ADD CONSTRAINT "sales_reseller_months_reseller_id_month_tipo_payment_method_pk" PRIMARY KEY("reseller_id","month","tipo","payment_method");--> statement-breakpoint
ALTER TABLE "sales_partner_months" DROP CONSTRAINT "sales_partner_months_partner_id_month_tipo_pk";--> statement-breakpoint
ALTER TABLE "sales_partner_months" ADD COLUMN "payment_method" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_partner_months" ADD CONSTRAINT "sales_partner_months_partner_id_month_tipo_payment_method_pk" PRIMARY KEY("partner_id","month","tipo","payment_method");--> statement-breakpoint
ALTER TABLE "sales_partner_days" DROP CONSTRAINT "sales_partner_days_day_partner_id_tipo_pk";--> statement-breakpoint
ALTER TABLE "sales_partner_days" ADD COLUMN "payment_method" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_partner_days" ADD CONSTRAINT "sales_partner_days_day_partner_id_tipo_payment_method_pk" PRIMARY KEY("day","partner_id","tipo","payment_method");--> statement-breakpoint
ALTER TABLE "sales_unattributed_months" DROP CONSTRAINT "sales_unattributed_months_pk";--> statement-breakpoint
ALTER TABLE "sales_unattributed_months" ADD COLUMN "payment_method" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_unattributed_months" ADD CONSTRAINT "sales_unattributed_months_pk" PRIMARY KEY("month","tipo","payment_method");--> statement-breakpoint
ALTER TABLE "sales_unattributed_days" DROP CONSTRAINT "sales_unattributed_days_pk";--> statement-breakpoint
ALTER TABLE "sales_unattributed_days" ADD COLUMN "payment_method" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_unattributed_days" ADD CONSTRAINT "sales_unattributed_days_pk" PRIMARY KEY("day","tipo","payment_method");--> statement-breakpoint
-- The same aggregates as 0007, 0021 and 0022 (São Paulo calendar, partners being the resellers'
-- current ones), one more key column; in key order, as the triggers' upserts leave them.
INSERT INTO "sales_reseller_months" ("reseller_id", "month", "tipo", "payment_method", "count", "total")
SELECT s.reseller_id, date_trunc('month', s.data_hora AT TIME ZONE 'America/Sao_Paulo')::date, s.tipo, s.payment_method, count(*), sum(s.valor)
FROM "sales" s
WHERE s.status = 'paid' AND s.reseller_id IS NOT NULL
GROUP BY 1, 2, 3, 4
ORDER BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "sales_partner_months" ("partner_id", "month", "tipo", "payment_method", "count", "total")
SELECT r.id_parceiro, m.month, m.tipo, m.payment_method, sum(m.count), sum(m.total)
FROM "sales_reseller_months" m JOIN "resellers" r ON r.id = m.reseller_id
GROUP BY 1, 2, 3, 4
ORDER BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "sales_partner_days" ("day", "partner_id", "tipo", "payment_method", "count", "total")
SELECT (s.data_hora AT TIME ZONE 'America/Sao_Paulo')::date, r.id_parceiro, s.tipo, s.payment_method, count(*), sum(s.valor)
FROM "sales" s JOIN "resellers" r ON r.id = s.reseller_id
WHERE s.status = 'paid'
GROUP BY 1, 2, 3, 4
ORDER BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "sales_unattributed_months" ("month", "tipo", "payment_method", "count", "total")
SELECT date_trunc('month', data_hora AT TIME ZONE 'America/Sao_Paulo')::date, tipo, payment_method, count(*), sum(valor)
FROM "sales" WHERE status = 'paid' AND reseller_id IS NULL
GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "sales_unattributed_days" ("day", "tipo", "payment_method", "count", "total")
SELECT (data_hora AT TIME ZONE 'America/Sao_Paulo')::date, tipo, payment_method, count(*), sum(valor)
FROM "sales" WHERE status = 'paid' AND reseller_id IS NULL
GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;--> statement-breakpoint
ANALYZE "sales_reseller_months";--> statement-breakpoint
ANALYZE "sales_partner_months";--> statement-breakpoint
ANALYZE "sales_partner_days";--> statement-breakpoint
ANALYZE "sales_unattributed_months";--> statement-breakpoint
ANALYZE "sales_unattributed_days";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_totals_on_sales"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The statement's rows, each counting +1 (new) or -1 (old): an update takes its old row out and puts its new row in
  -- (a change of method moves the sale from one method's rows to the other's).
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
      select c.reseller_id, r.id_parceiro as partner_id, (c.data_hora at time zone 'America/Sao_Paulo') as local_time,
             c.tipo, c.payment_method, c.sign, c.valor
      from (%1$s) c join resellers r on r.id = c.reseller_id
      where c.status = 'paid'
    ), by_month as (
      select reseller_id, partner_id, date_trunc('month', local_time)::date as month, tipo, payment_method,
             sum(sign)::int as count, sum(sign * valor) as total
      from changed group by 1, 2, 3, 4, 5
    ), reseller_months as (
      insert into sales_reseller_months as t (reseller_id, month, tipo, payment_method, count, total)
      select reseller_id, month, tipo, payment_method, count, total from by_month where count <> 0 or total <> 0 order by 1, 2, 3, 4
      on conflict (reseller_id, month, tipo, payment_method) do update set count = t.count + excluded.count, total = t.total + excluded.total
    ), partner_months as (
      insert into sales_partner_months as t (partner_id, month, tipo, payment_method, count, total)
      select partner_id, month, tipo, payment_method, sum(count), sum(total) from by_month
      group by 1, 2, 3, 4 having sum(count) <> 0 or sum(total) <> 0 order by 1, 2, 3, 4
      on conflict (partner_id, month, tipo, payment_method) do update set count = t.count + excluded.count, total = t.total + excluded.total
    )
    insert into sales_partner_days as t (day, partner_id, tipo, payment_method, count, total)
    select local_time::date, partner_id, tipo, payment_method, sum(sign), sum(sign * valor) from changed
    group by 1, 2, 3, 4 having sum(sign) <> 0 or sum(sign * valor) <> 0 order by 1, 2, 3, 4
    on conflict (day, partner_id, tipo, payment_method) do update set count = t.count + excluded.count, total = t.total + excluded.total
  $sql$, changes);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A reseller moved to another partner (its own change of branch, or its branch's) takes its sales'
-- partner totals along, each method's to that method's rows; the per-reseller months follow it by
-- themselves (the report joins the reseller).
CREATE OR REPLACE FUNCTION "sales_totals_on_resellers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (
    SELECT n.id, o.id_parceiro AS old_partner, n.id_parceiro AS new_partner
    FROM old_resellers o JOIN new_resellers n ON n.id = o.id
    WHERE o.id_parceiro IS DISTINCT FROM n.id_parceiro
  ), delta AS (
    SELECT m.partner_id, (s.data_hora AT TIME ZONE 'America/Sao_Paulo')::date AS day, s.tipo, s.payment_method,
           sum(m.sign)::int AS count, sum(m.sign * s.valor) AS total
    FROM (SELECT id, new_partner AS partner_id, 1 AS sign FROM moved
          UNION ALL SELECT id, old_partner, -1 FROM moved) m
    JOIN sales s ON s.reseller_id = m.id
    WHERE s.status = 'paid'
    GROUP BY 1, 2, 3, 4
  ), partner_months AS (
    INSERT INTO sales_partner_months AS t (partner_id, month, tipo, payment_method, count, total)
    SELECT partner_id, date_trunc('month', day::timestamp)::date, tipo, payment_method, sum(count), sum(total)
    FROM delta GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (partner_id, month, tipo, payment_method) DO UPDATE SET count = t.count + excluded.count, total = t.total + excluded.total
  )
  INSERT INTO sales_partner_days AS t (day, partner_id, tipo, payment_method, count, total)
  SELECT day, partner_id, tipo, payment_method, sum(count), sum(total) FROM delta GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, partner_id, tipo, payment_method) DO UPDATE SET count = t.count + excluded.count, total = t.total + excluded.total;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_unattributed_on_sales"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The statement's rows, each counting +1 (new) or -1 (old): an update takes its old row out and puts its new row in.
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'select reseller_id, status, tipo, payment_method, valor, data_hora, 1 as sign from new_sales'
    WHEN 'DELETE' THEN 'select reseller_id, status, tipo, payment_method, valor, data_hora, -1 as sign from old_sales'
    ELSE 'select reseller_id, status, tipo, payment_method, valor, data_hora, 1 as sign from new_sales
          union all select reseller_id, status, tipo, payment_method, valor, data_hora, -1 from old_sales'
  END;
BEGIN
  -- Upserts in key order, so concurrent statements add to the same rows exactly and never deadlock.
  EXECUTE format($sql$
    insert into sales_unattributed_months as t (month, tipo, payment_method, count, total)
    select date_trunc('month', data_hora at time zone 'America/Sao_Paulo')::date, tipo, payment_method, sum(sign)::int, sum(sign * valor)
    from (%s) c where status = 'paid' and reseller_id is null
    group by 1, 2, 3 having sum(sign) <> 0 or sum(sign * valor) <> 0 order by 1, 2, 3
    on conflict (month, tipo, payment_method) do update set count = t.count + excluded.count, total = t.total + excluded.total
  $sql$, changes);
  EXECUTE format($sql$
    insert into sales_unattributed_days as t (day, tipo, payment_method, count, total)
    select (data_hora at time zone 'America/Sao_Paulo')::date, tipo, payment_method, sum(sign)::int, sum(sign * valor)
    from (%s) c where status = 'paid' and reseller_id is null
    group by 1, 2, 3 having sum(sign) <> 0 or sum(sign * valor) <> 0 order by 1, 2, 3
    on conflict (day, tipo, payment_method) do update set count = t.count + excluded.count, total = t.total + excluded.total
  $sql$, changes);
  RETURN NULL;
END;
$$;
