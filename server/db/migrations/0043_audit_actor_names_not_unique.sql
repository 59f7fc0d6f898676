-- The trail's user names (0042) hold no unique key: the first audit row under a new name (a new
-- account's, a renamed one's) no longer waits for another transaction that wrote a row under the same
-- name and is still open. With the key, the trigger's insert of a name another open transaction had
-- just added waited for that transaction to end (ON CONFLICT too must know whether the other row
-- commits): a beneficiary's status toggle, which calls the telemedicine provider inside its
-- transaction, held up every audited request of its user, reads included, for as long as the call.
-- A plain index serves the trigger's look-up of a name instead. The names there are unique already.
ALTER TABLE "audit_actor_names" DROP CONSTRAINT "audit_actor_names_pkey";--> statement-breakpoint
-- Kept not null whatever the server's release does with the key's own not-null mark.
ALTER TABLE "audit_actor_names" ALTER COLUMN "name_key" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_actor_names_name_key_idx" ON "audit_actor_names" USING btree ("name_key");--> statement-breakpoint
-- The names of the inserted rows that no row of the table holds, as this statement sees it: committed,
-- or this transaction's own. Two transactions writing the same new name at once both add it, neither
-- waiting for the other: a duplicate, one more row for the few writers who met on a name's first rows,
-- which the user filter reads past (it reads the names distinct, services/audit/queries.ts).
CREATE OR REPLACE FUNCTION "audit_actor_names_of_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_actor_names" ("name_key")
  SELECT DISTINCT actor_key FROM new_rows
  WHERE NOT EXISTS (SELECT 1 FROM "audit_actor_names" WHERE "audit_actor_names"."name_key" = new_rows.actor_key);
  RETURN NULL;
END;
$$;
