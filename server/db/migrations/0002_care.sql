CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"beneficiary_id" integer NOT NULL,
	"professional_id" integer NOT NULL,
	"specialty_id" integer NOT NULL,
	"referral_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'SCHEDULED' NOT NULL,
	"type" text DEFAULT 'ONLINE' NOT NULL,
	"approve_additional_payment" boolean DEFAULT false NOT NULL,
	"beneficiary_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "appointments_status_check" CHECK (status in ('SCHEDULED', 'FINISHED', 'UNFINISHED', 'CANCELED', 'DONE')),
	CONSTRAINT "appointments_interval_check" CHECK (ends_at > starts_at)
);
--> statement-breakpoint
CREATE TABLE "professional_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"professional_id" integer NOT NULL,
	"dia_semana" smallint NOT NULL,
	"inicio" time NOT NULL,
	"fim" time NOT NULL,
	CONSTRAINT "professional_schedules_interval_check" CHECK (fim > inicio and dia_semana between 0 and 6)
);
--> statement-breakpoint
CREATE TABLE "professional_specialties" (
	"professional_id" integer NOT NULL,
	"specialty_id" integer NOT NULL,
	CONSTRAINT "professional_specialties_professional_id_specialty_id_pk" PRIMARY KEY("professional_id","specialty_id")
);
--> statement-breakpoint
CREATE TABLE "professionals" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome_completo" text NOT NULL,
	"cpf" text NOT NULL,
	"data_nascimento" date,
	"sexo" text,
	"crm" text NOT NULL,
	"crm_estado" text NOT NULL,
	"rqe" text,
	"outras_certificacoes" text,
	"email" text NOT NULL,
	"telefone_celular" text,
	"telefone_comercial" text,
	"rua" text,
	"numero_complemento" text,
	"bairro" text,
	"cidade" text,
	"estado" text,
	"cep" text,
	"banco" text,
	"agencia" text,
	"conta_corrente" text,
	"tipo_conta" text,
	"pix" text,
	"modalidade_atendimento" text DEFAULT 'Online' NOT NULL,
	"idiomas_falados" text,
	"tempo_medio_consulta" integer DEFAULT 30 NOT NULL,
	"foto_medico" text,
	"copia_crm" text,
	"comprovante_especialidade" text,
	"termo_aceite" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "professionals_consultation_check" CHECK (tempo_medio_consulta between 5 and 240)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"beneficiary_id" integer NOT NULL,
	"specialty_id" integer NOT NULL,
	"professional_id" integer,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"arquivo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_status_check" CHECK (status in ('PENDING', 'SCHEDULED', 'COMPLETED', 'NON_SCHEDULABLE'))
);
--> statement-breakpoint
CREATE TABLE "specialties" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_beneficiary_id_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_schedules" ADD CONSTRAINT "professional_schedules_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_specialties" ADD CONSTRAINT "professional_specialties_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_specialties" ADD CONSTRAINT "professional_specialties_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_beneficiary_id_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_uuid_key" ON "appointments" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_professional_slot_key" ON "appointments" USING btree ("professional_id","starts_at") WHERE status <> 'CANCELED';--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_beneficiary_slot_key" ON "appointments" USING btree ("beneficiary_id","starts_at") WHERE status <> 'CANCELED';--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_referral_key" ON "appointments" USING btree ("referral_id") WHERE status <> 'CANCELED' and referral_id is not null;--> statement-breakpoint
CREATE INDEX "appointments_starts_idx" ON "appointments" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "appointments_professional_starts_idx" ON "appointments" USING btree ("professional_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_beneficiary_idx" ON "appointments" USING btree ("beneficiary_id");--> statement-breakpoint
CREATE INDEX "professional_schedules_professional_idx" ON "professional_schedules" USING btree ("professional_id");--> statement-breakpoint
CREATE INDEX "professional_specialties_specialty_idx" ON "professional_specialties" USING btree ("specialty_id");--> statement-breakpoint
CREATE UNIQUE INDEX "professionals_cpf_key" ON "professionals" USING btree ("cpf") WHERE removed_at is null;--> statement-breakpoint
CREATE INDEX "professionals_nome_idx" ON "professionals" USING btree (lower("nome_completo"));--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_uuid_key" ON "referrals" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "referrals_beneficiary_status_idx" ON "referrals" USING btree ("beneficiary_id","status");--> statement-breakpoint
CREATE INDEX "referrals_created_idx" ON "referrals" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "specialties_uuid_key" ON "specialties" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "specialties_name_key" ON "specialties" USING btree ("name");