-- The agenda filtered by patient (issue 20) reads the matched patients' coming or past appointments in
-- date order: by patient and date, each patient's range is read at once, where the patient's index
-- alone was combined with the whole agenda's dates (a bitmap of every coming appointment, 19,000 at
-- the large size). It serves every lookup by patient the old index did.
CREATE INDEX "appointments_beneficiary_starts_idx" ON "appointments" USING btree ("beneficiary_id", "starts_at");--> statement-breakpoint
DROP INDEX "appointments_beneficiary_idx";
