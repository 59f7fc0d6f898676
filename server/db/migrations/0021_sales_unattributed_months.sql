-- The administrator's sales report shows how many paid sales have no reseller. Counted from the
-- sales on every request, that read ~50,000 rows at the large size (35 ms, the report's slowest part;
-- issue 20). Kept per São Paulo month and plan by statement-level triggers, as 0007's rollup keeps
-- the sales through resellers: the count sums a few dozen rows whatever the number of sales.
CREATE TABLE "sales_unattributed_months" (
	"month" date NOT NULL,
	"tipo" text NOT NULL,
	"count" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	CONSTRAINT "sales_unattributed_months_pk" PRIMARY KEY("month","tipo")
);
--> statement-breakpoint
INSERT INTO "sales_unattributed_months" ("month", "tipo", "count", "total")
SELECT date_trunc('month', data_hora AT TIME ZONE 'America/Sao_Paulo')::date, tipo, count(*), sum(valor)
FROM "sales" WHERE status = 'paid' AND reseller_id IS NULL
GROUP BY 1, 2 ORDER BY 1, 2;--> statement-breakpoint
ANALYZE "sales_unattributed_months";--> statement-breakpoint
CREATE FUNCTION "sales_unattributed_on_sales"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sales_unattributed_insert" AFTER INSERT ON "sales" REFERENCING NEW TABLE AS new_sales
FOR EACH STATEMENT EXECUTE FUNCTION "sales_unattributed_on_sales"();--> statement-breakpoint
CREATE TRIGGER "sales_unattributed_update" AFTER UPDATE ON "sales" REFERENCING OLD TABLE AS old_sales NEW TABLE AS new_sales
FOR EACH STATEMENT EXECUTE FUNCTION "sales_unattributed_on_sales"();--> statement-breakpoint
CREATE TRIGGER "sales_unattributed_delete" AFTER DELETE ON "sales" REFERENCING OLD TABLE AS old_sales
FOR EACH STATEMENT EXECUTE FUNCTION "sales_unattributed_on_sales"();--> statement-breakpoint
CREATE FUNCTION "sales_unattributed_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "sales_unattributed_months";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sales_unattributed_truncate" AFTER TRUNCATE ON "sales" FOR EACH STATEMENT EXECUTE FUNCTION "sales_unattributed_truncate"();
