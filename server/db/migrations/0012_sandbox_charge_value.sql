-- The sandbox gateway answers the webhook's look-ups like Asaas does, value included (issue 29).
ALTER TABLE "sandbox_gateway_charges" ADD COLUMN "value" numeric(10, 2);--> statement-breakpoint
CREATE INDEX "sandbox_gateway_charges_payment_idx" ON "sandbox_gateway_charges" USING btree ("payment_id");
