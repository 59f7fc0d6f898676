CREATE TABLE "payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text,
	"request_fingerprint" text NOT NULL,
	"plano" text NOT NULL,
	"valor" numeric(10, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reseller_id" integer,
	"buyer" jsonb NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"gateway" text NOT NULL,
	"gateway_customer_id" text,
	"gateway_payment_id" text,
	"gateway_subscription_id" text,
	"failure_message" text,
	"sale_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"gateway_payment_id" text,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "status" text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_idempotency_key" ON "payment_attempts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_order_id_key" ON "payment_attempts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_gateway_payment_idx" ON "payment_attempts" USING btree ("gateway_payment_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_gateway_subscription_idx" ON "payment_attempts" USING btree ("gateway_subscription_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_status_idx" ON "payment_attempts" USING btree ("status","created_at");