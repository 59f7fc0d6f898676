-- 'Nome contém' ignores accents and case as the name orders do (0039, server/lib/nameOrder.ts): 'agata'
-- finds 'Ágata' and 'ÁGATA'. Each filter compares the folded name with the folded text, so the
-- trigram indexes that answered the names as typed hold the folded names instead.
-- The beneficiaries' own name (the agenda's and the referrals' patient, the booking's patient picker):
-- its stored key (0039).
DROP INDEX "beneficiaries_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "beneficiaries_name_trgm_idx" ON "beneficiaries" USING gin ("name_key" gin_trgm_ops) WITH (fastupdate = false);--> statement-breakpoint
-- A holder's group names (0026) are its group's keys from now on: a new holder's its own key, a
-- changed group's its members' keys.
CREATE OR REPLACE FUNCTION "beneficiary_group_names_of_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.holder_id IS NOT NULL THEN
    NEW.group_names := NULL;
  ELSIF NEW.group_names IS NULL THEN
    -- name_key, a generated column, is computed after the BEFORE triggers: its expression here.
    NEW.group_names := translate(lower(NEW.name), 'ÁÀÂÃÄáàâãäÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñ', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnn');
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "beneficiary_group_names_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'select holder_id as key from new_rows where holder_id is not null'
    WHEN 'DELETE' THEN 'select holder_id as key from old_rows where holder_id is not null'
    ELSE 'select unnest(array[coalesce(o.holder_id, o.id), coalesce(n.holder_id, n.id)]) as key
          from old_rows o join new_rows n on n.id = o.id
          where o.name is distinct from n.name or o.holder_id is distinct from n.holder_id'
  END;
  groups integer[];
BEGIN
  EXECUTE format('select array_agg(distinct key order by key) from (%s) c', changed) INTO groups;
  -- The update below fires this trigger again, with no names changed: it ends here.
  IF groups IS NULL THEN
    RETURN NULL;
  END IF;
  -- Holders locked in id order, FOR NO KEY UPDATE: why, in 0026.
  PERFORM 1 FROM "beneficiaries" WHERE id = any(groups) ORDER BY id FOR NO KEY UPDATE;
  UPDATE "beneficiaries" h SET "group_names" = g.names
  FROM (
    SELECT coalesce(holder_id, id) AS key, string_agg(name_key, E'\n' ORDER BY holder_id IS NOT NULL, id) AS names
    FROM "beneficiaries" WHERE coalesce(holder_id, id) = any(groups) GROUP BY 1
  ) g
  WHERE h.id = g.key AND h.holder_id IS NULL AND h.group_names IS DISTINCT FROM g.names;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The names kept so far, folded: a line's key is its name folded, so the lines fold as they are. The
-- index is built again after the rewrite rather than updated row by row.
DROP INDEX "beneficiaries_group_names_trgm_idx";--> statement-breakpoint
UPDATE "beneficiaries" SET "group_names" = translate(lower("group_names"), 'ÁÀÂÃÄáàâãäÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñ', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnn')
WHERE holder_id IS NULL AND "group_names" IS DISTINCT FROM translate(lower("group_names"), 'ÁÀÂÃÄáàâãäÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñ', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnn');--> statement-breakpoint
CREATE INDEX "beneficiaries_group_names_trgm_idx" ON "beneficiaries" USING gin ("group_names" gin_trgm_ops) WITH (fastupdate = false) WHERE holder_id IS NULL;--> statement-breakpoint
-- The resellers' and the professionals' names (0038), folded as their name orders' indexes are.
DROP INDEX "resellers_nome_trgm_idx";--> statement-breakpoint
CREATE INDEX "resellers_nome_trgm_idx" ON "resellers" USING gin (translate(lower("nome"), 'ÁÀÂÃÄáàâãäÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñ', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnn') gin_trgm_ops) WITH (fastupdate = false);--> statement-breakpoint
DROP INDEX "professionals_nome_trgm_idx";--> statement-breakpoint
CREATE INDEX "professionals_nome_trgm_idx" ON "professionals" USING gin (translate(lower("nome_completo"), 'ÁÀÂÃÄáàâãäÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñ', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnn') gin_trgm_ops) WITH (fastupdate = false) WHERE "removed_at" is null;--> statement-breakpoint
ANALYZE "beneficiaries";--> statement-breakpoint
ANALYZE "resellers";--> statement-breakpoint
ANALYZE "professionals";
