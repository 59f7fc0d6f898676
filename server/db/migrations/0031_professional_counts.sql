-- The professionals' total without counting the table per request (issue 20): the number of
-- professionals, active or removed, kept by statement-level triggers like the agenda's counts of 0028.
-- The list without filters (the active ones) reads one row, exactly, instead of counting 500
-- professionals at the large size (5,000 at xl).
CREATE TABLE "professional_counts" (
	"active" boolean PRIMARY KEY NOT NULL,
	"professionals" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "professional_counts" ("active", "professionals")
SELECT removed_at IS NULL, count(*) FROM "professionals" GROUP BY 1 ORDER BY 1;--> statement-breakpoint
CREATE FUNCTION "professional_counts_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The statement's rows, each counting +1 (new) or -1 (old): an update takes its old row out and puts its new row in.
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'select removed_at is null as active, 1 as sign from new_rows'
    WHEN 'DELETE' THEN 'select removed_at is null as active, -1 as sign from old_rows'
    ELSE 'select removed_at is null as active, 1 as sign from new_rows union all select removed_at is null, -1 from old_rows'
  END;
BEGIN
  -- Upserts in key order, so concurrent statements add to the same rows exactly and never deadlock.
  EXECUTE format($sql$
    insert into professional_counts as t (active, professionals)
    select active, sum(sign) from (%s) c
    group by 1 having sum(sign) <> 0 order by 1
    on conflict (active) do update set professionals = t.professionals + excluded.professionals
  $sql$, changes);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "professional_counts_insert" AFTER INSERT ON "professionals" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "professional_counts_on_change"();--> statement-breakpoint
CREATE TRIGGER "professional_counts_update" AFTER UPDATE ON "professionals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "professional_counts_on_change"();--> statement-breakpoint
CREATE TRIGGER "professional_counts_delete" AFTER DELETE ON "professionals" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "professional_counts_on_change"();--> statement-breakpoint
CREATE FUNCTION "professional_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "professional_counts";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "professional_counts_truncate" AFTER TRUNCATE ON "professionals" FOR EACH STATEMENT EXECUTE FUNCTION "professional_counts_truncate"();
