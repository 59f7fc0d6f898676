-- The agenda filtered by patient (issue 20) counts the matched patients' appointments that are not
-- cancelled and reads its page's ids in date order. With the status and the id in the patient's
-- index, both are answered from the index alone (an index-only scan): 0027's index sent every
-- matching appointment to the table for its status, 2.4 against 0.7 ms for the count of 586 at the
-- large size. It serves every lookup by patient and date the index it replaces did.
CREATE INDEX "appointments_beneficiary_agenda_idx" ON "appointments" USING btree ("beneficiary_id", "starts_at", "status", "id");--> statement-breakpoint
DROP INDEX "appointments_beneficiary_starts_idx";
