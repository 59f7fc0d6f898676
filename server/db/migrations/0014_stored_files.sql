-- Uploaded documents in the database, in chunks, shared by every server copy (schema/files.ts).
-- Files uploaded before this migration, in DATA_DIR/uploads, are copied in at start-up
-- (services/uploads/importDiskUploads.ts): SQL cannot read the server's folder.
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_size_check" CHECK ("stored_files"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stored_file_chunks" (
	"file_key" text NOT NULL,
	"position" integer NOT NULL,
	"content" bytea NOT NULL,
	CONSTRAINT "stored_file_chunks_file_key_position_pk" PRIMARY KEY("file_key","position")
);
--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_file_key_stored_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."stored_files"("key") ON DELETE cascade ON UPDATE no action;
