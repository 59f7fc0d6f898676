-- A beneficiary is a record of one partner (or of the house when partner_id is null: created by an
-- administrator, or sold without a valid sales link). Its CPF is unique within that partner only:
-- the same person may buy through two partners, and neither learns of the other's record.
-- partner_id and branch_id also say who sees it: a partner its own, a branch its own, so a record a
-- partner or branch user creates (without a reseller) stays visible to them.
ALTER TABLE "beneficiaries" ADD COLUMN "partner_id" integer REFERENCES "partners"("id");--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "branch_id" integer REFERENCES "branches"("id");--> statement-breakpoint
UPDATE "beneficiaries" b SET "partner_id" = r."id_parceiro", "branch_id" = r."id_filial" FROM "resellers" r WHERE r."id" = b."reseller_id";--> statement-breakpoint
DROP INDEX "beneficiaries_cpf_key";--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_partner_cpf_key" UNIQUE NULLS NOT DISTINCT ("partner_id", "cpf");--> statement-breakpoint
CREATE INDEX "beneficiaries_cpf_idx" ON "beneficiaries" USING btree ("cpf");--> statement-breakpoint
CREATE INDEX "beneficiaries_branch_idx" ON "beneficiaries" USING btree ("branch_id");--> statement-breakpoint
-- A sold beneficiary belongs to its reseller's branch and partner, whoever writes the row.
CREATE FUNCTION "beneficiaries_channel_of_reseller"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."reseller_id" IS NOT NULL THEN
    SELECT "id_parceiro", "id_filial" INTO NEW."partner_id", NEW."branch_id" FROM "resellers" WHERE "id" = NEW."reseller_id";
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "beneficiaries_channel_of_reseller" BEFORE INSERT OR UPDATE OF "reseller_id", "partner_id", "branch_id" ON "beneficiaries"
FOR EACH ROW EXECUTE FUNCTION "beneficiaries_channel_of_reseller"();--> statement-breakpoint
-- ...and follows it when the reseller moves to another branch (or its branch to another partner).
CREATE FUNCTION "beneficiaries_follow_reseller"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "beneficiaries" SET "partner_id" = NEW."id_parceiro", "branch_id" = NEW."id_filial"
  WHERE "reseller_id" = NEW."id" AND ("partner_id", "branch_id") IS DISTINCT FROM (NEW."id_parceiro", NEW."id_filial");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "beneficiaries_follow_reseller" AFTER UPDATE OF "id_parceiro", "id_filial" ON "resellers"
FOR EACH ROW EXECUTE FUNCTION "beneficiaries_follow_reseller"();--> statement-breakpoint
-- A branch's own records (created by its users) follow the branch to another partner.
CREATE FUNCTION "beneficiaries_follow_branch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "beneficiaries" SET "partner_id" = NEW."id_parceiro" WHERE "branch_id" = NEW."id" AND "reseller_id" IS NULL AND "partner_id" IS DISTINCT FROM NEW."id_parceiro";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "beneficiaries_follow_branch" AFTER UPDATE OF "id_parceiro" ON "branches"
FOR EACH ROW EXECUTE FUNCTION "beneficiaries_follow_branch"();
--> statement-breakpoint
-- Whether a beneficiary was sold (its plan types then follow the paid plan) is asked per row.
CREATE INDEX "sales_beneficiary_idx" ON "sales" USING btree ("beneficiary_id");
