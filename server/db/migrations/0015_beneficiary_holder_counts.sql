-- The beneficiaries list's totals without counting the table per request (issue 20): the number of
-- holders per partner, branch and reseller (0 for none: a key column cannot be null), kept by
-- statement-level triggers like the sales rollup of 0007. Any scope and channel filter sums a few
-- thousand rows at most, exactly.
CREATE TABLE "beneficiary_holder_counts" (
	"partner_key" integer NOT NULL,
	"branch_key" integer NOT NULL,
	"reseller_key" integer NOT NULL,
	"holders" integer NOT NULL,
	CONSTRAINT "beneficiary_holder_counts_pk" PRIMARY KEY("partner_key","branch_key","reseller_key")
);
--> statement-breakpoint
INSERT INTO "beneficiary_holder_counts" ("partner_key", "branch_key", "reseller_key", "holders")
SELECT coalesce(partner_id, 0), coalesce(branch_id, 0), coalesce(reseller_id, 0), count(*)
FROM "beneficiaries" WHERE holder_id IS NULL
GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;--> statement-breakpoint
ANALYZE "beneficiary_holder_counts";--> statement-breakpoint
CREATE FUNCTION "beneficiary_holder_counts_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The statement's rows, each counting +1 (new) or -1 (old): an update takes its old row out and puts its new row in.
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'select partner_id, branch_id, reseller_id, holder_id, 1 as sign from new_rows'
    WHEN 'DELETE' THEN 'select partner_id, branch_id, reseller_id, holder_id, -1 as sign from old_rows'
    ELSE 'select partner_id, branch_id, reseller_id, holder_id, 1 as sign from new_rows
          union all select partner_id, branch_id, reseller_id, holder_id, -1 from old_rows'
  END;
BEGIN
  -- Upserts in key order, so concurrent statements add to the same rows exactly and never deadlock.
  EXECUTE format($sql$
    insert into beneficiary_holder_counts as t (partner_key, branch_key, reseller_key, holders)
    select coalesce(partner_id, 0), coalesce(branch_id, 0), coalesce(reseller_id, 0), sum(sign)
    from (%s) c where holder_id is null
    group by 1, 2, 3 having sum(sign) <> 0 order by 1, 2, 3
    on conflict (partner_key, branch_key, reseller_key) do update set holders = t.holders + excluded.holders
  $sql$, changes);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "beneficiary_holder_counts_insert" AFTER INSERT ON "beneficiaries" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "beneficiary_holder_counts_on_change"();--> statement-breakpoint
CREATE TRIGGER "beneficiary_holder_counts_update" AFTER UPDATE ON "beneficiaries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "beneficiary_holder_counts_on_change"();--> statement-breakpoint
CREATE TRIGGER "beneficiary_holder_counts_delete" AFTER DELETE ON "beneficiaries" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "beneficiary_holder_counts_on_change"();--> statement-breakpoint
CREATE FUNCTION "beneficiary_holder_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "beneficiary_holder_counts";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "beneficiary_holder_counts_truncate" AFTER TRUNCATE ON "beneficiaries" FOR EACH STATEMENT EXECUTE FUNCTION "beneficiary_holder_counts_truncate"();--> statement-breakpoint
-- A partner's (or partner user's) holders in name order, deep pages included, read from the index alone.
CREATE INDEX "beneficiaries_partner_holder_name_idx" ON "beneficiaries" USING btree ("partner_id","name","id") WHERE holder_id is null;
