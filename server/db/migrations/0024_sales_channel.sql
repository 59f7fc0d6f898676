-- The sales report of a partner or a branch walked the sales by date checking each one's reseller:
-- with ten times the partners (the xl size, issue 20) a partner's first page read 1,362 sales to
-- find 10, and its 30- and 7-day windows a whole day of every partner's sales. Each sale now carries
-- its reseller's partner and branch, kept as the beneficiaries' are (migration 0010): set from the
-- reseller on every write, and following the reseller when it moves (its branch's move to another
-- partner reaches the resellers through their foreign key's ON UPDATE CASCADE, and so here).
ALTER TABLE "sales" ADD COLUMN "partner_id" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "branch_id" integer;--> statement-breakpoint
-- The ALTERs' lock holds every write to the sales until the migration commits, so none is missed
-- here. The rollups' update triggers would take every sale out and put it back unchanged (twenty
-- million rows of transition tables at the xl size): they sit this statement out.
ALTER TABLE "sales" DISABLE TRIGGER "sales_totals_update";--> statement-breakpoint
ALTER TABLE "sales" DISABLE TRIGGER "sales_unattributed_update";--> statement-breakpoint
UPDATE "sales" s SET "partner_id" = r."id_parceiro", "branch_id" = r."id_filial" FROM "resellers" r WHERE r."id" = s."reseller_id";--> statement-breakpoint
ALTER TABLE "sales" ENABLE TRIGGER "sales_totals_update";--> statement-breakpoint
ALTER TABLE "sales" ENABLE TRIGGER "sales_unattributed_update";--> statement-breakpoint
CREATE INDEX "sales_partner_time_idx" ON "sales" USING btree ("partner_id", "data_hora");--> statement-breakpoint
CREATE INDEX "sales_branch_time_idx" ON "sales" USING btree ("branch_id", "data_hora");--> statement-breakpoint
-- The reseller's row is locked FOR NO KEY UPDATE: a move of that reseller under way is waited for
-- (and its result read), and one that starts later waits for this sale, whose row its trigger then
-- updates. Not FOR SHARE: a share lock is granted past an update already waiting while other
-- share locks are held, so a reseller selling without pause kept its move waiting for minutes;
-- these locks queue in turn, at the cost of one reseller's sales committing one after another.
CREATE FUNCTION "sales_channel_of_reseller"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."reseller_id" IS NULL THEN
    NEW."partner_id" := NULL;
    NEW."branch_id" := NULL;
  ELSE
    SELECT "id_parceiro", "id_filial" INTO NEW."partner_id", NEW."branch_id" FROM "resellers" WHERE "id" = NEW."reseller_id" FOR NO KEY UPDATE;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "sales_channel_of_reseller" BEFORE INSERT OR UPDATE OF "reseller_id", "partner_id", "branch_id" ON "sales"
FOR EACH ROW EXECUTE FUNCTION "sales_channel_of_reseller"();--> statement-breakpoint
CREATE FUNCTION "sales_follow_reseller"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "sales" SET "partner_id" = NEW."id_parceiro", "branch_id" = NEW."id_filial"
  WHERE "reseller_id" = NEW."id" AND ("partner_id", "branch_id") IS DISTINCT FROM (NEW."id_parceiro", NEW."id_filial");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sales_follow_reseller" AFTER UPDATE OF "id_parceiro", "id_filial" ON "resellers"
FOR EACH ROW EXECUTE FUNCTION "sales_follow_reseller"();--> statement-breakpoint
ANALYZE "sales";
