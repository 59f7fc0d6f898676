-- The resellers' and the professionals' lists (issue 20) are in name order, ties by id, by default:
-- with no index on that order, every page read every row and sorted them (the resellers' page 100
-- from the end, 2.1 ms at the large size and 16.7 ms at xl, where there are 20,000). With (lower(name),
-- id), a page walks the index up to its rows, forward or from the end, whatever the table's size;
-- the professionals' only over those not removed, as the list shows.
CREATE INDEX "resellers_nome_id_idx" ON "resellers" USING btree (lower("nome"),"id");--> statement-breakpoint
CREATE INDEX "professionals_nome_id_idx" ON "professionals" USING btree (lower("nome_completo"),"id") WHERE "removed_at" is null;--> statement-breakpoint
DROP INDEX "professionals_nome_idx";
