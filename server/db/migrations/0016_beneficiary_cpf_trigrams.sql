-- 'CPF contém' (the agenda's patient and the referrals' free text search digits inside a CPF): from
-- trigrams, like the name (0005/0008), instead of reading the 100,000 CPFs.
CREATE INDEX "beneficiaries_cpf_trgm_idx" ON "beneficiaries" USING gin ("cpf" gin_trgm_ops) WITH (fastupdate=false);
