-- "Nome contém" filters use trigram indexes (PGlite loads the extension in server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "beneficiaries_name_trgm_idx" ON "beneficiaries" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "beneficiaries_holder_name_idx" ON "beneficiaries" USING btree ("name","id") WHERE holder_id is null;--> statement-breakpoint
CREATE INDEX "appointments_status_starts_idx" ON "appointments" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "referrals_status_created_idx" ON "referrals" USING btree ("status","created_at");