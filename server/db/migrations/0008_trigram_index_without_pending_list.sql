-- The trigram index without fastupdate: inserts go into the index itself instead of a pending list
-- that every name search scans sequentially (up to gin_pending_list_limit, 4 MB). Recreating it also
-- leaves no pending entries behind.
DROP INDEX "beneficiaries_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "beneficiaries_name_trgm_idx" ON "beneficiaries" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);