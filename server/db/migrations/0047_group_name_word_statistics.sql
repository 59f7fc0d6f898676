-- The share of holders whose group names hold each common word ('silva': about one in thirteen at
-- the large size), kept by ANALYZE (autovacuum's included) with the table's other statistics. A name
-- filter of one such word matches thousands of holders: the list then skips the probe of its few
-- matches, whose read of a thousand rows from the trigram index was most of the request
-- (server/lib/commonWords.ts). Group names are folded keys, one member's name a line.
CREATE STATISTICS "beneficiary_group_name_words" ON (regexp_split_to_array("group_names", '\s+')) FROM "beneficiaries";--> statement-breakpoint
ANALYZE "beneficiaries";
