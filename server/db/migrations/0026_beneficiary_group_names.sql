-- The beneficiaries' name filter keeps whole groups: a holder is listed when it or one of its
-- dependents matches (issue 20). Each holder's row keeps its group's names (its own first, then its
-- dependents', one a line), trigram-indexed, so the filter reads the holders from one index and
-- filters them in the list's order without a semi-join over every matching member. Dependents keep null.
ALTER TABLE "beneficiaries" ADD COLUMN "group_names" text;--> statement-breakpoint
UPDATE "beneficiaries" h SET "group_names" = g.names
FROM (
  SELECT coalesce(holder_id, id) AS key, string_agg(name, E'\n' ORDER BY holder_id IS NOT NULL, id) AS names
  FROM "beneficiaries" GROUP BY 1
) g
WHERE h.id = g.key AND h.holder_id IS NULL;--> statement-breakpoint
-- A row's own part: a new holder's names are its own; a dependent keeps none.
CREATE FUNCTION "beneficiary_group_names_of_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.holder_id IS NOT NULL THEN
    NEW.group_names := NULL;
  ELSIF NEW.group_names IS NULL THEN
    NEW.group_names := NEW.name;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "beneficiary_group_names_of_row" BEFORE INSERT OR UPDATE OF "holder_id" ON "beneficiaries"
FOR EACH ROW EXECUTE FUNCTION "beneficiary_group_names_of_row"();--> statement-breakpoint
-- The groups a statement changed (a dependent added, removed or moved, a name changed) get their
-- holders' names again, in one statement for a whole seed's dependents.
CREATE FUNCTION "beneficiary_group_names_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'select holder_id as key from new_rows where holder_id is not null'
    WHEN 'DELETE' THEN 'select holder_id as key from old_rows where holder_id is not null'
    ELSE 'select unnest(array[coalesce(o.holder_id, o.id), coalesce(n.holder_id, n.id)]) as key
          from old_rows o join new_rows n on n.id = o.id
          where o.name is distinct from n.name or o.holder_id is distinct from n.holder_id'
  END;
  groups integer[];
BEGIN
  EXECUTE format('select array_agg(distinct key order by key) from (%s) c', changed) INTO groups;
  -- The update below fires this trigger again, with no names changed: it ends here.
  IF groups IS NULL THEN
    RETURN NULL;
  END IF;
  -- The holders are locked first, in id order (no deadlock), and the names read by the next statement,
  -- whose snapshot is taken after any concurrent change to the same groups has committed: two
  -- dependents added at once both end in their holder's names. NO KEY UPDATE: a dependent's insert
  -- holds KEY SHARE on its holder (the foreign key), which FOR UPDATE would wait for and deadlock on.
  PERFORM 1 FROM "beneficiaries" WHERE id = any(groups) ORDER BY id FOR NO KEY UPDATE;
  UPDATE "beneficiaries" h SET "group_names" = g.names
  FROM (
    SELECT coalesce(holder_id, id) AS key, string_agg(name, E'\n' ORDER BY holder_id IS NOT NULL, id) AS names
    FROM "beneficiaries" WHERE coalesce(holder_id, id) = any(groups) GROUP BY 1
  ) g
  WHERE h.id = g.key AND h.holder_id IS NULL AND h.group_names IS DISTINCT FROM g.names;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- An active dependent's write locks its holder as the trigger above will, FOR NO KEY UPDATE (0011
-- took FOR SHARE): two dependents added to one holder at once queue here. With a share lock each,
-- both then waited for the other's to lock the holder for its names: a deadlock.
CREATE OR REPLACE FUNCTION "beneficiaries_dependent_active_holder"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "beneficiaries" WHERE "id" = NEW."holder_id" AND "is_active" FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the holder % of an active dependent is inactive', NEW."holder_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'beneficiaries_dependent_active_holder';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "beneficiary_group_names_insert" AFTER INSERT ON "beneficiaries" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "beneficiary_group_names_on_change"();--> statement-breakpoint
CREATE TRIGGER "beneficiary_group_names_update" AFTER UPDATE ON "beneficiaries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "beneficiary_group_names_on_change"();--> statement-breakpoint
CREATE TRIGGER "beneficiary_group_names_delete" AFTER DELETE ON "beneficiaries" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "beneficiary_group_names_on_change"();--> statement-breakpoint
-- 'Nome contém' on the holders' group names; without fastupdate, as the name's own (0008).
CREATE INDEX "beneficiaries_group_names_trgm_idx" ON "beneficiaries" USING gin ("group_names" gin_trgm_ops) WITH (fastupdate = false) WHERE holder_id IS NULL;--> statement-breakpoint
ANALYZE "beneficiaries";
