-- Names sort without accents or case (server/lib/nameOrder.ts): PGlite, like a C-collated PostgreSQL,
-- ordered names by character code, so 'Ágata' came after 'Vinícius' (and the beneficiaries, by their
-- name as typed, 'ana' after 'Zélia'). Every name order is now translate(lower(name), accented,
-- plain), then id; the indexes that served the old orders serve this one instead.
-- The resellers' and the professionals' pages in name order (0037):
DROP INDEX "resellers_nome_id_idx";--> statement-breakpoint
CREATE INDEX "resellers_nome_id_idx" ON "resellers" USING btree (translate(lower("nome"), 'ÁÀÂÃÄáàâãäÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñ', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnn'),"id");--> statement-breakpoint
DROP INDEX "professionals_nome_id_idx";--> statement-breakpoint
CREATE INDEX "professionals_nome_id_idx" ON "professionals" USING btree (translate(lower("nome_completo"), 'ÁÀÂÃÄáàâãäÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñ', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnn'),"id") WHERE "removed_at" is null;--> statement-breakpoint
-- A beneficiary's key is stored: its holders' pages, their name segments (0035) and the patient
-- picker all read it, and the segments' triggers compare it.
ALTER TABLE "beneficiaries" ADD COLUMN "name_key" text GENERATED ALWAYS AS (translate(lower("name"), 'ÁÀÂÃÄáàâãäÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñ', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnn')) STORED NOT NULL;--> statement-breakpoint
DROP INDEX "beneficiaries_name_idx";--> statement-breakpoint
CREATE INDEX "beneficiaries_name_idx" ON "beneficiaries" USING btree ("name_key","id");--> statement-breakpoint
DROP INDEX "beneficiaries_holder_name_idx";--> statement-breakpoint
CREATE INDEX "beneficiaries_holder_name_idx" ON "beneficiaries" USING btree ("name_key","id") WHERE holder_id is null;--> statement-breakpoint
DROP INDEX "beneficiaries_partner_holder_name_idx";--> statement-breakpoint
CREATE INDEX "beneficiaries_partner_holder_name_idx" ON "beneficiaries" USING btree ("partner_id","name_key","id") WHERE holder_id is null;--> statement-breakpoint
-- The name segments mark and count holders by key from now on, rebuilt at once.
ALTER TABLE "holder_name_segments" RENAME COLUMN "name" TO "name_key";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "holder_name_segments_rebuild"("per_segment" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "holder_name_segments" IN EXCLUSIVE MODE;
  DELETE FROM "holder_name_segments";
  INSERT INTO "holder_name_segments" ("position", "name_key", "id", "holders")
  SELECT 0, '', 0, 0
  UNION ALL
  SELECT (rn - 1) / per_segment + 1, name_key, id, least(per_segment, total - (rn - 1))
  FROM (
    SELECT name_key, id, row_number() OVER (ORDER BY name_key, id) AS rn, count(*) OVER () AS total
    FROM beneficiaries WHERE holder_id IS NULL
  ) holders
  WHERE (rn - 1) % per_segment = 0;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "holder_name_segments_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'select name_key, id, 1 as sign from new_rows where holder_id is null'
    WHEN 'DELETE' THEN 'select name_key, id, -1 as sign from old_rows where holder_id is null'
    ELSE 'select name_key, id, 1 as sign from new_rows where holder_id is null
          union all select name_key, id, -1 from old_rows where holder_id is null'
  END;
BEGIN
  EXECUTE format($sql$
    insert into holder_name_segments as t (position, name_key, id, holders)
    select position, '', 0, sum(sign) from (
      select coalesce((select s.position from holder_name_segments s where (s.name_key, s.id) <= (c.name_key, c.id)
                       order by s.name_key desc, s.id desc limit 1), 0) as position, sign
      from (%s) c
    ) located
    group by 1 having sum(sign) <> 0 order by 1
    on conflict (position) do update set holders = t.holders + excluded.holders
  $sql$, changes);
  RETURN NULL;
END;
$$;--> statement-breakpoint
SELECT "holder_name_segments_rebuild"(1000);
