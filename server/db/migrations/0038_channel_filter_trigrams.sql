-- The resellers' and the professionals' 'contains' filters (issue 20: name and CPF filters from an
-- index): without an index each page and its count read every row and matched the pattern on each
-- (a reseller's name, 2.7 ms at the large size, 31 ms at xl's 20,000). From trigrams, like the
-- beneficiaries' (0005, 0016): the rows whose trigrams hold the pattern's, then matched. The
-- professionals' over those not removed, as the list shows; without fastupdate, as 0008 explains.
CREATE INDEX "resellers_nome_trgm_idx" ON "resellers" USING gin ("nome" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "resellers_cpf_trgm_idx" ON "resellers" USING gin ("cpf" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "professionals_nome_trgm_idx" ON "professionals" USING gin ("nome_completo" gin_trgm_ops) WITH (fastupdate=false) WHERE "removed_at" is null;--> statement-breakpoint
CREATE INDEX "professionals_cpf_trgm_idx" ON "professionals" USING gin ("cpf" gin_trgm_ops) WITH (fastupdate=false) WHERE "removed_at" is null;--> statement-breakpoint
CREATE INDEX "professionals_email_trgm_idx" ON "professionals" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false) WHERE "removed_at" is null;
