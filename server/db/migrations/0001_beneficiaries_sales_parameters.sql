CREATE TABLE "beneficiaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"cpf" text NOT NULL,
	"birthday" date,
	"phone" text,
	"email" text,
	"zip_code" text,
	"address" text,
	"city" text,
	"state" text,
	"payment_type" text DEFAULT 'S' NOT NULL,
	"service_type" text DEFAULT 'G' NOT NULL,
	"holder_id" integer,
	"reseller_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"provider_uuid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"beneficiary_id" integer,
	"reseller_id" integer,
	"tipo" text NOT NULL,
	"valor" numeric(10, 2) NOT NULL,
	"data_hora" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parameter_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"parameter_id" integer NOT NULL,
	"changed_by_type" text NOT NULL,
	"changed_by_id" integer NOT NULL,
	"changed_by_name" text NOT NULL,
	"old_value" text,
	"new_value" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parameters" (
	"id" serial PRIMARY KEY NOT NULL,
	"parametro" text NOT NULL,
	"valor" text DEFAULT '' NOT NULL,
	"descricao" text,
	"tipo" text DEFAULT 'text' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parameters_parametro_unique" UNIQUE("parametro")
);
--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_holder_id_beneficiaries_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."beneficiaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_beneficiary_id_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parameter_changes" ADD CONSTRAINT "parameter_changes_parameter_id_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiaries_uuid_key" ON "beneficiaries" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiaries_cpf_key" ON "beneficiaries" USING btree ("cpf");--> statement-breakpoint
CREATE INDEX "beneficiaries_holder_idx" ON "beneficiaries" USING btree ("holder_id");--> statement-breakpoint
CREATE INDEX "beneficiaries_reseller_idx" ON "beneficiaries" USING btree ("reseller_id");--> statement-breakpoint
CREATE INDEX "beneficiaries_name_idx" ON "beneficiaries" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "sales_reseller_time_idx" ON "sales" USING btree ("reseller_id","data_hora");--> statement-breakpoint
CREATE INDEX "sales_time_idx" ON "sales" USING btree ("data_hora");