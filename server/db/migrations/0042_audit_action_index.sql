-- The audit trail filtered by an action other than 'view' (a delete, an export) reads its newest rows
-- from an index of those actions alone. 'view' rows are nearly all of the trail (one a patient shown),
-- so the index leaves them out: their inserts, the trail's commonest write, do not maintain it. Without
-- it, the newest deletes were found by walking the whole trail by date (40 ms at 5 million rows).
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" DESC,"id" DESC) WHERE "action" <> 'view';
