-- Attempt counters of every throttle and rate limit, shared by all server copies (schema/limits.ts).
CREATE TABLE "attempt_counters" (
	"key" text NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attempt_counters_key_bucket_start_pk" PRIMARY KEY("key","bucket_start")
);
--> statement-breakpoint
CREATE INDEX "attempt_counters_expires_idx" ON "attempt_counters" USING btree ("expires_at");
