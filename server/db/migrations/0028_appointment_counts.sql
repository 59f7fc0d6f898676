-- The agenda's total without counting the table per request (issue 20): the number of appointments
-- per status, kept by statement-level triggers like the holder counts of 0015. The agenda without
-- filters (every status but CANCELED) or filtered by status alone sums five rows at most, exactly.
CREATE TABLE "appointment_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"appointments" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "appointment_counts" ("status", "appointments")
SELECT status, count(*) FROM "appointments" GROUP BY 1 ORDER BY 1;--> statement-breakpoint
CREATE FUNCTION "appointment_counts_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    insert into appointment_counts as t (status, appointments)
    select status, sum(sign) from (%s) c
    group by 1 having sum(sign) <> 0 order by 1
    on conflict (status) do update set appointments = t.appointments + excluded.appointments
  $sql$, changes);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "appointment_counts_insert" AFTER INSERT ON "appointments" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "appointment_counts_on_change"();--> statement-breakpoint
CREATE TRIGGER "appointment_counts_update" AFTER UPDATE ON "appointments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "appointment_counts_on_change"();--> statement-breakpoint
CREATE TRIGGER "appointment_counts_delete" AFTER DELETE ON "appointments" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "appointment_counts_on_change"();--> statement-breakpoint
CREATE FUNCTION "appointment_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "appointment_counts";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "appointment_counts_truncate" AFTER TRUNCATE ON "appointments" FOR EACH STATEMENT EXECUTE FUNCTION "appointment_counts_truncate"();
