-- The referrals' total without counting the table per request (issue 20): the number of referrals
-- per status, kept by statement-level triggers like the appointment counts of 0028. The list without
-- filters or filtered by status alone sums four rows at most, exactly.
CREATE TABLE "referral_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"referrals" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "referral_counts" ("status", "referrals")
SELECT status, count(*) FROM "referrals" GROUP BY 1 ORDER BY 1;--> statement-breakpoint
CREATE FUNCTION "referral_counts_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The statement's rows, each counting +1 (new) or -1 (old): an update takes its old row out and puts its new row in.
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'select status, 1 as sign from new_rows'
    WHEN 'DELETE' THEN 'select status, -1 as sign from old_rows'
    ELSE 'select status, 1 as sign from new_rows union all select status, -1 from old_rows'
  END;
BEGIN
  -- Upserts in status order, so concurrent statements add to the same rows exactly and never deadlock.
  EXECUTE format($sql$
    insert into referral_counts as t (status, referrals)
    select status, sum(sign) from (%s) c
    group by 1 having sum(sign) <> 0 order by 1
    on conflict (status) do update set referrals = t.referrals + excluded.referrals
  $sql$, changes);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "referral_counts_insert" AFTER INSERT ON "referrals" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "referral_counts_on_change"();--> statement-breakpoint
CREATE TRIGGER "referral_counts_update" AFTER UPDATE ON "referrals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "referral_counts_on_change"();--> statement-breakpoint
CREATE TRIGGER "referral_counts_delete" AFTER DELETE ON "referrals" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "referral_counts_on_change"();--> statement-breakpoint
CREATE FUNCTION "referral_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "referral_counts";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "referral_counts_truncate" AFTER TRUNCATE ON "referrals" FOR EACH STATEMENT EXECUTE FUNCTION "referral_counts_truncate"();
