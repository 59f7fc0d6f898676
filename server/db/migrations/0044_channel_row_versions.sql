-- The version of each partner, branch and reseller record, for optimistic concurrency: the lists and
-- the single-record answers carry it as `versao`, and an update sent with it (the edit form, the
-- list's status badge, both of which send the whole record as they read it) changes nothing and is
-- refused (409) when the record changed since: another administrator's edit or inactivation is no
-- longer silently undone by a write based on a stale row. Every change the channel services make to a
-- record's own fields or status adds one; sign-in, logout and the revocation of sessions
-- (token_version) leave it. Requests without `versao` (the spec's bodies) are saved as before.
-- Existing rows start at 0, the default, written once by the ALTER (a constant default needs no rewrite).
ALTER TABLE "partners" ADD COLUMN "row_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "row_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "row_version" integer DEFAULT 0 NOT NULL;
