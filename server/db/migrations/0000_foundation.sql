CREATE TABLE "administrators" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"senha_hash" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"data_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_parceiro" integer NOT NULL,
	"titulo" text NOT NULL,
	"apelido" text,
	"endereco" text,
	"email" text NOT NULL,
	"senha_hash" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"data_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_logos" (
	"partner_id" integer PRIMARY KEY NOT NULL,
	"mime_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"cnpj" text NOT NULL,
	"agencia" text,
	"conta" text,
	"digito" text,
	"pix" text,
	"email" text NOT NULL,
	"senha_hash" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"data_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resellers" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_parceiro" integer NOT NULL,
	"id_filial" integer NOT NULL,
	"nome" text NOT NULL,
	"cpf" text NOT NULL,
	"cargo" text,
	"pix" text,
	"email" text NOT NULL,
	"senha_hash" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"data_registro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_id_parceiro_partners_id_fk" FOREIGN KEY ("id_parceiro") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_logos" ADD CONSTRAINT "partner_logos_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resellers" ADD CONSTRAINT "resellers_id_parceiro_partners_id_fk" FOREIGN KEY ("id_parceiro") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resellers" ADD CONSTRAINT "resellers_id_filial_branches_id_fk" FOREIGN KEY ("id_filial") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "administrators_email_key" ON "administrators" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "branches_email_key" ON "branches" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "branches_partner_idx" ON "branches" USING btree ("id_parceiro");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_email_key" ON "partners" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "partners_nome_idx" ON "partners" USING btree ("nome");--> statement-breakpoint
CREATE UNIQUE INDEX "resellers_email_key" ON "resellers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "resellers_branch_idx" ON "resellers" USING btree ("id_filial");--> statement-breakpoint
CREATE INDEX "resellers_partner_idx" ON "resellers" USING btree ("id_parceiro");