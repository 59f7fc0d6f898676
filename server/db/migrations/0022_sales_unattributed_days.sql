-- The 'Sem revendedor' report's cards (the last 30 and 7 days) and figures summed the paid sales
-- without a reseller on every request: ~50,000 rows at the large size (issue 20). They are kept per
-- São Paulo day and plan too, by the same trigger as 0021's months, so the report reads whole days
-- from here and only each window's first day from the sales, as the partners' figures do.
CREATE TABLE "sales_unattributed_days" (
	"day" date NOT NULL,
	"tipo" text NOT NULL,
	"count" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	CONSTRAINT "sales_unattributed_days_pk" PRIMARY KEY("day","tipo")
);
--> statement-breakpoint
INSERT INTO "sales_unattributed_days" ("day", "tipo", "count", "total")
SELECT (data_hora AT TIME ZONE 'America/Sao_Paulo')::date, tipo, count(*), sum(valor)
FROM "sales" WHERE status = 'paid' AND reseller_id IS NULL
GROUP BY 1, 2 ORDER BY 1, 2;--> statement-breakpoint
ANALYZE "sales_unattributed_days";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_unattributed_on_sales"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The statement's rows, each counting +1 (new) or -1 (old): an update takes its old row out and puts its new row in.
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'select reseller_id, status, tipo, valor, data_hora, 1 as sign from new_sales'
    WHEN 'DELETE' THEN 'select reseller_id, status, tipo, valor, data_hora, -1 as sign from old_sales'
    ELSE 'select reseller_id, status, tipo, valor, data_hora, 1 as sign from new_sales
          union all select reseller_id, status, tipo, valor, data_hora, -1 from old_sales'
  END;
BEGIN
  -- Upserts in key order, so concurrent statements add to the same rows exactly and never deadlock.
  EXECUTE format($sql$
    insert into sales_unattributed_months as t (month, tipo, count, total)
    select date_trunc('month', data_hora at time zone 'America/Sao_Paulo')::date, tipo, sum(sign)::int, sum(sign * valor)
    from (%s) c where status = 'paid' and reseller_id is null
    group by 1, 2 having sum(sign) <> 0 or sum(sign * valor) <> 0 order by 1, 2
    on conflict (month, tipo) do update set count = t.count + excluded.count, total = t.total + excluded.total
  $sql$, changes);
  EXECUTE format($sql$
    insert into sales_unattributed_days as t (day, tipo, count, total)
    select (data_hora at time zone 'America/Sao_Paulo')::date, tipo, sum(sign)::int, sum(sign * valor)
    from (%s) c where status = 'paid' and reseller_id is null
    group by 1, 2 having sum(sign) <> 0 or sum(sign * valor) <> 0 order by 1, 2
    on conflict (day, tipo) do update set count = t.count + excluded.count, total = t.total + excluded.total
  $sql$, changes);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_unattributed_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "sales_unattributed_months", "sales_unattributed_days";
  RETURN NULL;
END;
$$;
