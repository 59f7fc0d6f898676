-- The agenda's default order (issue 20) is by start, ties by id, newest first: the coming appointments
-- soonest first, then the past ones latest first. With the id and the status in the start's indexes,
-- a page's ids come from an index alone in that order, where the start's index alone fetched every
-- row up to the page for its status and sorted each start's ties again by id (a page 1,500 rows into
-- the coming ones at the large size: 2.3 against 0.2 ms). (starts_at, id desc) reads the coming part
-- forward and from its end backward; (starts_at, id) the past part backward and from its end forward,
-- and serves every lookup by date the index it replaces did.
CREATE INDEX "appointments_starts_id_idx" ON "appointments" USING btree ("starts_at","id","status");--> statement-breakpoint
CREATE INDEX "appointments_starts_id_desc_idx" ON "appointments" USING btree ("starts_at","id" DESC,"status");--> statement-breakpoint
DROP INDEX "appointments_starts_idx";
