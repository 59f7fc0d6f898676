CREATE INDEX "beneficiaries_group_idx" ON "beneficiaries" USING btree (coalesce("holder_id", "id"));--> statement-breakpoint
-- The expression index only helps once its statistics exist (the planner then sees a name filter keeps few groups).
ANALYZE "beneficiaries";