-- The branches' total without counting the table per request (issue 20): the number of branches per
-- partner, kept by statement-level triggers like the resellers' counts of 0030. The list in an
-- administrator's or a partner's scope without filters, or by partner alone, sums its rows, exactly,
-- instead of counting 200 branches at the large size (2,000 at xl). A branch moving to another
-- partner is an update, counted as any other.
CREATE TABLE "branch_counts" (
	"id_parceiro" integer PRIMARY KEY NOT NULL,
	"branches" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "branch_counts" ("id_parceiro", "branches")
SELECT id_parceiro, count(*) FROM "branches" GROUP BY 1 ORDER BY 1;--> statement-breakpoint
CREATE FUNCTION "branch_counts_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The statement's rows, each counting +1 (new) or -1 (old): an update takes its old row out and puts its new row in.
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'select id_parceiro, 1 as sign from new_rows'
    WHEN 'DELETE' THEN 'select id_parceiro, -1 as sign from old_rows'
    ELSE 'select id_parceiro, 1 as sign from new_rows union all select id_parceiro, -1 from old_rows'
  END;
BEGIN
  -- Upserts in key order, so concurrent statements add to the same rows exactly and never deadlock.
  EXECUTE format($sql$
    insert into branch_counts as t (id_parceiro, branches)
    select id_parceiro, sum(sign) from (%s) c
    group by 1 having sum(sign) <> 0 order by 1
    on conflict (id_parceiro) do update set branches = t.branches + excluded.branches
  $sql$, changes);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "branch_counts_insert" AFTER INSERT ON "branches" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "branch_counts_on_change"();--> statement-breakpoint
CREATE TRIGGER "branch_counts_update" AFTER UPDATE ON "branches" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "branch_counts_on_change"();--> statement-breakpoint
CREATE TRIGGER "branch_counts_delete" AFTER DELETE ON "branches" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "branch_counts_on_change"();--> statement-breakpoint
CREATE FUNCTION "branch_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "branch_counts";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "branch_counts_truncate" AFTER TRUNCATE ON "branches" FOR EACH STATEMENT EXECUTE FUNCTION "branch_counts_truncate"();
