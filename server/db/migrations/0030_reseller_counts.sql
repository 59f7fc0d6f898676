-- The resellers' total without counting the table per request (issue 20): the number of resellers per
-- partner and branch, kept by statement-level triggers like the agenda's counts of 0028. The list in
-- an administrator's, a partner's or a branch's scope without filters sums its rows, exactly, instead
-- of counting 2,000 resellers at the large size (20,000 at xl). A branch moving to another partner
-- carries its resellers along (the composite foreign key's cascade): an update, counted as any other.
CREATE TABLE "reseller_counts" (
	"id_parceiro" integer NOT NULL,
	"id_filial" integer NOT NULL,
	"resellers" integer NOT NULL,
	CONSTRAINT "reseller_counts_pkey" PRIMARY KEY ("id_parceiro", "id_filial")
);
--> statement-breakpoint
INSERT INTO "reseller_counts" ("id_parceiro", "id_filial", "resellers")
SELECT id_parceiro, id_filial, count(*) FROM "resellers" GROUP BY 1, 2 ORDER BY 1, 2;--> statement-breakpoint
CREATE FUNCTION "reseller_counts_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The statement's rows, each counting +1 (new) or -1 (old): an update takes its old row out and puts its new row in.
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'select id_parceiro, id_filial, 1 as sign from new_rows'
    WHEN 'DELETE' THEN 'select id_parceiro, id_filial, -1 as sign from old_rows'
    ELSE 'select id_parceiro, id_filial, 1 as sign from new_rows union all select id_parceiro, id_filial, -1 from old_rows'
  END;
BEGIN
  -- Upserts in key order, so concurrent statements add to the same rows exactly and never deadlock.
  EXECUTE format($sql$
    insert into reseller_counts as t (id_parceiro, id_filial, resellers)
    select id_parceiro, id_filial, sum(sign) from (%s) c
    group by 1, 2 having sum(sign) <> 0 order by 1, 2
    on conflict (id_parceiro, id_filial) do update set resellers = t.resellers + excluded.resellers
  $sql$, changes);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "reseller_counts_insert" AFTER INSERT ON "resellers" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "reseller_counts_on_change"();--> statement-breakpoint
CREATE TRIGGER "reseller_counts_update" AFTER UPDATE ON "resellers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "reseller_counts_on_change"();--> statement-breakpoint
CREATE TRIGGER "reseller_counts_delete" AFTER DELETE ON "resellers" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "reseller_counts_on_change"();--> statement-breakpoint
CREATE FUNCTION "reseller_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "reseller_counts";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "reseller_counts_truncate" AFTER TRUNCATE ON "resellers" FOR EACH STATEMENT EXECUTE FUNCTION "reseller_counts_truncate"();
