-- Sessions ended by 'Sair' (server/db/schema/sessions.ts): a sign-out ends the session that asked,
-- no longer every session of the account. Tokens now name their session (`sid`); those issued before
-- name none and are refused, so everyone signs in once more after this migration's release.
CREATE TABLE "ended_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"account_type" text NOT NULL,
	"account_id" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "ended_sessions_account_idx" ON "ended_sessions" USING btree ("account_type","account_id","ends_at");--> statement-breakpoint
CREATE INDEX "ended_sessions_ends_idx" ON "ended_sessions" USING btree ("ends_at");
