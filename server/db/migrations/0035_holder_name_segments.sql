-- A deep page of every holder in name order without reading the holders before it (issue 20): the
-- holders, in the list's order (name, then id), cut into segments of about a thousand, each starting
-- at a mark (its first holder's name and id when last rebuilt) and counting the holders from its mark
-- to the next. Statement-level triggers keep the counts as holders come, go, are renamed or become
-- dependents; a page at offset N then starts at the last mark with fewer than N holders before it,
-- and skips fewer than the segment holds (a thousand or so) instead of up to half of them all. The
-- segment at position 0, marked ('', 0), holds whatever sorts before the first mark.
CREATE TABLE "holder_name_segments" (
	"position" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"id" integer NOT NULL,
	"holders" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "holder_name_segments_mark_idx" ON "holder_name_segments" USING btree ("name", "id");--> statement-breakpoint
-- Marks every `per_segment`-th holder afresh and counts them; writers wait meanwhile (their triggers
-- need the table), so no holder is counted twice or missed.
CREATE FUNCTION "holder_name_segments_rebuild"("per_segment" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "holder_name_segments" IN EXCLUSIVE MODE;
  DELETE FROM "holder_name_segments";
  INSERT INTO "holder_name_segments" ("position", "name", "id", "holders")
  SELECT 0, '', 0, 0
  UNION ALL
  SELECT (rn - 1) / per_segment + 1, name, id, least(per_segment, total - (rn - 1))
  FROM (
    SELECT name, id, row_number() OVER (ORDER BY name, id) AS rn, count(*) OVER () AS total
    FROM beneficiaries WHERE holder_id IS NULL
  ) holders
  WHERE (rn - 1) % per_segment = 0;
END;
$$;--> statement-breakpoint
SELECT "holder_name_segments_rebuild"(1000);--> statement-breakpoint
CREATE FUNCTION "holder_name_segments_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The statement's holders, each counting +1 (new) or -1 (old): a rename or a holder becoming a
  -- dependent takes the old row out and puts the new one in; an edit that moves no one nets to zero.
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'select name, id, 1 as sign from new_rows where holder_id is null'
    WHEN 'DELETE' THEN 'select name, id, -1 as sign from old_rows where holder_id is null'
    ELSE 'select name, id, 1 as sign from new_rows where holder_id is null
          union all select name, id, -1 from old_rows where holder_id is null'
  END;
BEGIN
  -- Each holder counts in the segment of the last mark at or before it; upserts in position order,
  -- so concurrent statements add to the same rows exactly and never deadlock.
  EXECUTE format($sql$
    insert into holder_name_segments as t (position, name, id, holders)
    select position, '', 0, sum(sign) from (
      select coalesce((select s.position from holder_name_segments s where (s.name, s.id) <= (c.name, c.id)
                       order by s.name desc, s.id desc limit 1), 0) as position, sign
      from (%s) c
    ) located
    group by 1 having sum(sign) <> 0 order by 1
    on conflict (position) do update set holders = t.holders + excluded.holders
  $sql$, changes);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "holder_name_segments_insert" AFTER INSERT ON "beneficiaries" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "holder_name_segments_on_change"();--> statement-breakpoint
CREATE TRIGGER "holder_name_segments_update" AFTER UPDATE ON "beneficiaries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "holder_name_segments_on_change"();--> statement-breakpoint
CREATE TRIGGER "holder_name_segments_delete" AFTER DELETE ON "beneficiaries" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "holder_name_segments_on_change"();--> statement-breakpoint
CREATE FUNCTION "holder_name_segments_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "holder_name_segments" WHERE "position" <> 0;
  UPDATE "holder_name_segments" SET "holders" = 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "holder_name_segments_truncate" AFTER TRUNCATE ON "beneficiaries" FOR EACH STATEMENT EXECUTE FUNCTION "holder_name_segments_truncate"();
