-- Pix at the checkout (issue 23): each attempt and each sale says how it was paid, and a Pix
-- attempt keeps its code until it is paid or expires. Rows from before are card payments.
ALTER TABLE "payment_attempts" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "pix_payload" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "pix_image" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "pix_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
-- The sandbox's own Pix charges move from PENDING to RECEIVED (or are deleted), as on Asaas.
ALTER TABLE "sandbox_gateway_charges" ADD COLUMN "status" text;--> statement-breakpoint
CREATE INDEX "payment_attempts_waiting_pix_idx" ON "payment_attempts" USING btree ("created_at") WHERE "status" = 'waiting';
