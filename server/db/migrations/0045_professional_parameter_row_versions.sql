-- The version of each professional and each system parameter, for optimistic concurrency as the
-- channels' records have it (0044): the answers carry it as `versao`, and an update sent with an older
-- one that would write over a field changed since changes nothing and is refused (409): another
-- administrator's edit is no longer silently undone by a save based on a stale read. Every change the
-- services make to a record (an edit, a removal, a parameter's value, the catalogue's description or
-- kind) adds one. Requests without `versao` (the spec's bodies) are saved as before. Records start at
-- 1, the default, written once by the ALTER (a constant default needs no rewrite).
ALTER TABLE "professionals" ADD COLUMN "row_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "parameters" ADD COLUMN "row_version" integer DEFAULT 1 NOT NULL;
