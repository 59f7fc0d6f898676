-- Rules that must hold under concurrent writes live in the database (issue 26). Each rule first
-- repairs the rows that break it, reporting every change with a NOTICE and an audit row (actor
-- SISTEMA, 'Migração 0011', visible on 'Auditoria'), then adds its constraint or trigger.
-- Overlaps are measured with btree_gist (PGlite loads the extension in server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint

-- 1. A reseller's partner is its branch's partner: repaired to the branch's, then kept by a composite
-- foreign key that follows a branch moving to another partner (ON UPDATE CASCADE).
DO $$
DECLARE
  repaired integer;
BEGIN
  WITH moved AS (
    UPDATE "resellers" r SET "id_parceiro" = b."id_parceiro"
      FROM "branches" b, "resellers" old
     WHERE b."id" = r."id_filial" AND old."id" = r."id" AND r."id_parceiro" <> b."id_parceiro"
    RETURNING r."id", old."id_parceiro" AS "from_partner", r."id_parceiro" AS "to_partner"
  ), reported AS (
    INSERT INTO "audit_log" ("actor_type", "actor_id", "actor_name", "action", "entity", "entity_id", "summary", "ip_address")
    SELECT 'SISTEMA', 0, 'Migração 0011', 'update', 'reseller', "id"::text,
           format('Parceiro corrigido para o da filial: %s (era %s)', "to_partner", "from_partner"), 'migração'
      FROM moved
    RETURNING 1
  )
  SELECT count(*) INTO repaired FROM reported;
  IF repaired > 0 THEN
    RAISE NOTICE '0011: % revendedor(es) passaram ao parceiro da sua filial', repaired;
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_id_partner_key" UNIQUE ("id", "id_parceiro");--> statement-breakpoint
ALTER TABLE "resellers" ADD CONSTRAINT "resellers_branch_partner_fk" FOREIGN KEY ("id_filial", "id_parceiro") REFERENCES "public"."branches"("id", "id_parceiro") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "resellers" DROP CONSTRAINT "resellers_id_filial_branches_id_fk";--> statement-breakpoint

-- 2. A CNPJ identifies one partner. Two partners sharing one cannot be told apart automatically:
-- the migration stops and names them, for an administrator to correct one before starting again.
DO $$
DECLARE
  shared text;
BEGIN
  SELECT string_agg(format('%s (parceiros %s)', "cnpj", ids), '; ') INTO shared
    FROM (SELECT "cnpj", string_agg("id"::text, ', ' ORDER BY "id") AS ids FROM "partners" GROUP BY "cnpj" HAVING count(*) > 1) d;
  IF shared IS NOT NULL THEN
    RAISE EXCEPTION '0011: CNPJ compartilhado por mais de um parceiro: %. Corrija o CNPJ de um deles e reinicie.', shared;
  END IF;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "partners_cnpj_key" ON "partners" USING btree ("cnpj");--> statement-breakpoint

-- 3. No two active (not cancelled) appointments of one beneficiary, nor of one professional, overlap.
-- Of overlapping ones the first booked stays and the later ones are cancelled (their referral pending
-- again, as a cancellation does); appointments whose outcome was recorded (finished, unfinished, done)
-- are kept before scheduled ones.
DO $$
DECLARE
  candidate record;
  canceled integer := 0;
BEGIN
  FOR candidate IN
    SELECT a.* FROM "appointments" a
     WHERE a."status" <> 'CANCELED'
       AND EXISTS (
         SELECT 1 FROM "appointments" o
          WHERE o."id" <> a."id" AND o."status" <> 'CANCELED'
            AND (o."beneficiary_id" = a."beneficiary_id" OR o."professional_id" = a."professional_id")
            AND o."starts_at" < a."ends_at" AND a."starts_at" < o."ends_at")
     ORDER BY (a."status" = 'SCHEDULED'), a."created_at", a."id"
  LOOP
    -- Kept so far: every active appointment ahead of it in that order (those cancelled above are not).
    IF EXISTS (
      SELECT 1 FROM "appointments" k
       WHERE k."id" <> candidate."id" AND k."status" <> 'CANCELED'
         AND (k."beneficiary_id" = candidate."beneficiary_id" OR k."professional_id" = candidate."professional_id")
         AND k."starts_at" < candidate."ends_at" AND candidate."starts_at" < k."ends_at"
         AND ((k."status" = 'SCHEDULED'), k."created_at", k."id") < ((candidate."status" = 'SCHEDULED'), candidate."created_at", candidate."id")
    ) THEN
      UPDATE "appointments" SET "status" = 'CANCELED', "canceled_at" = now() WHERE "id" = candidate."id";
      UPDATE "referrals" SET "status" = 'PENDING', "updated_at" = now() WHERE "id" = candidate."referral_id" AND "status" = 'SCHEDULED';
      INSERT INTO "audit_log" ("actor_type", "actor_id", "actor_name", "action", "entity", "entity_id", "summary", "ip_address")
      VALUES ('SISTEMA', 0, 'Migração 0011', 'status', 'appointment', candidate."uuid"::text,
              'Cancelada: sobreposta a outra consulta do paciente ou do profissional', 'migração');
      canceled := canceled + 1;
    END IF;
  END LOOP;
  IF canceled > 0 THEN
    RAISE NOTICE '0011: % consulta(s) sobreposta(s) cancelada(s)', canceled;
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_beneficiary_overlap" EXCLUDE USING gist ("beneficiary_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" <> 'CANCELED');--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_professional_overlap" EXCLUDE USING gist ("professional_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" <> 'CANCELED');--> statement-breakpoint
-- The exclusion constraints cover identical starts too.
DROP INDEX "appointments_professional_slot_key";--> statement-breakpoint
DROP INDEX "appointments_beneficiary_slot_key";--> statement-breakpoint

-- 4. A removed professional has no coming appointment: a booking waits for a removal in flight
-- (FOR SHARE) and is refused once it went through; a removal waits for bookings in flight (the row
-- lock its UPDATE takes) and is refused while a coming appointment remains. Removals that a race
-- already let through are reported, not undone (the patient keeps the appointment).
DO $$
DECLARE
  stranded integer;
BEGIN
  SELECT count(*) INTO stranded FROM "appointments" a JOIN "professionals" p ON p."id" = a."professional_id"
   WHERE p."removed_at" IS NOT NULL AND a."status" = 'SCHEDULED' AND a."starts_at" > now();
  IF stranded > 0 THEN
    RAISE NOTICE '0011: % consulta(s) futura(s) com profissional removido: cancele-as ou reagende-as na Agenda', stranded;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "appointments_professional_on_roster"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "professionals" WHERE "id" = NEW."professional_id" AND "removed_at" IS NULL FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'professional % was removed', NEW."professional_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'appointments_professional_on_roster';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "appointments_professional_on_roster" BEFORE INSERT OR UPDATE OF "professional_id", "status" ON "appointments"
FOR EACH ROW WHEN (NEW."status" = 'SCHEDULED') EXECUTE FUNCTION "appointments_professional_on_roster"();--> statement-breakpoint
CREATE FUNCTION "professionals_removed_without_coming"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "appointments" WHERE "professional_id" = NEW."id" AND "status" = 'SCHEDULED' AND "starts_at" > now()) THEN
    RAISE EXCEPTION 'professional % has coming appointments', NEW."id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'professionals_removed_without_coming';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "professionals_removed_without_coming" BEFORE UPDATE OF "removed_at" ON "professionals"
FOR EACH ROW WHEN (OLD."removed_at" IS NULL AND NEW."removed_at" IS NOT NULL) EXECUTE FUNCTION "professionals_removed_without_coming"();--> statement-breakpoint

-- 5. A dependent is active only while its holder is: inactivating a holder inactivates its
-- dependents; a dependent cannot be created or reactivated under an inactive holder (FOR SHARE waits
-- for a holder's change in flight and reads its outcome). Dependents found active under an inactive
-- holder are inactivated.
DO $$
DECLARE
  repaired integer;
BEGIN
  WITH inactivated AS (
    UPDATE "beneficiaries" d SET "is_active" = false, "updated_at" = now()
      FROM "beneficiaries" h
     WHERE h."id" = d."holder_id" AND d."is_active" AND NOT h."is_active"
    RETURNING d."uuid"
  ), reported AS (
    INSERT INTO "audit_log" ("actor_type", "actor_id", "actor_name", "action", "entity", "entity_id", "summary", "ip_address")
    SELECT 'SISTEMA', 0, 'Migração 0011', 'status', 'beneficiary', "uuid"::text, 'Inativado: o titular está inativo', 'migração'
      FROM inactivated
    RETURNING 1
  )
  SELECT count(*) INTO repaired FROM reported;
  IF repaired > 0 THEN
    RAISE NOTICE '0011: % dependente(s) de titular inativo inativado(s)', repaired;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "beneficiaries_dependent_active_holder"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "beneficiaries" WHERE "id" = NEW."holder_id" AND "is_active" FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the holder % of an active dependent is inactive', NEW."holder_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'beneficiaries_dependent_active_holder';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "beneficiaries_dependent_active_holder" BEFORE INSERT OR UPDATE OF "is_active", "holder_id" ON "beneficiaries"
FOR EACH ROW WHEN (NEW."holder_id" IS NOT NULL AND NEW."is_active") EXECUTE FUNCTION "beneficiaries_dependent_active_holder"();--> statement-breakpoint
CREATE FUNCTION "beneficiaries_holder_inactivated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "beneficiaries" SET "is_active" = false, "updated_at" = now() WHERE "holder_id" = NEW."id" AND "is_active";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "beneficiaries_holder_inactivated" AFTER UPDATE OF "is_active" ON "beneficiaries"
FOR EACH ROW WHEN (OLD."is_active" AND NOT NEW."is_active" AND NEW."holder_id" IS NULL) EXECUTE FUNCTION "beneficiaries_holder_inactivated"();--> statement-breakpoint

-- 6. A beneficiary is a person: the checkout refuses a CNPJ from now on. Beneficiaries a company
-- bought before keep their 14 digits (their records open like any other) and are reported.
DO $$
DECLARE
  companies integer;
BEGIN
  SELECT count(*) INTO companies FROM "beneficiaries" WHERE length("cpf") = 14;
  IF companies > 0 THEN
    RAISE NOTICE '0011: % beneficiário(s) com CNPJ no lugar do CPF (compras de empresas)', companies;
  END IF;
END $$;--> statement-breakpoint

-- The audit trail's 'view' rows of the agenda and the referral list name beneficiaries by the uuid
-- the telemedicine provider answers, looked up here.
CREATE INDEX "beneficiaries_provider_uuid_idx" ON "beneficiaries" USING btree ("provider_uuid");
