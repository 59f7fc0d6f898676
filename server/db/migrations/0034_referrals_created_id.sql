-- The referrals' list (issue 20) is read newest first, ties by id, by itself or under a status: with
-- the id in the date's indexes, a page's ids come from the index alone in the list's order, where the
-- date alone left every row up to the page sorted again by id (1.3 against 0.3 ms for page 146 at the
-- large size). They serve every lookup by date, and by status and date, the indexes they replace did.
CREATE INDEX "referrals_created_id_idx" ON "referrals" USING btree ("created_at", "id");--> statement-breakpoint
DROP INDEX "referrals_created_idx";--> statement-breakpoint
CREATE INDEX "referrals_status_created_id_idx" ON "referrals" USING btree ("status", "created_at", "id");--> statement-breakpoint
DROP INDEX "referrals_status_created_idx";
