CREATE TABLE "client_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"invoice_name" text,
	"tax_id" text,
	"address1" text,
	"address2" text,
	"invoice_email" text,
	"subscription_type" text DEFAULT 'light' NOT NULL,
	"subscription_code" text,
	"monthly_document_limit" integer DEFAULT 1000 NOT NULL,
	"extra_document_price" numeric(12, 4) DEFAULT 0.05 NOT NULL,
	"extra_budget" numeric(12, 2) DEFAULT 0 NOT NULL,
	"theme" text DEFAULT 'default' NOT NULL,
	"window_animations" boolean DEFAULT true NOT NULL,
	"app_title" text,
	"registration_blocked" boolean DEFAULT false NOT NULL,
	"logistics_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);

--> statement-breakpoint
CREATE TABLE "refresh_token" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"client_account_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_token_token_hash_unique" UNIQUE("token_hash")
);

--> statement-breakpoint
CREATE TABLE "sign_in_attempt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"address" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);

--> statement-breakpoint
CREATE TABLE "address" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"street" text NOT NULL,
	"number" text,
	"city" text NOT NULL,
	"postal_code" text,
	"province" text,
	"country" text,
	"latitude" double precision,
	"longitude" double precision,
	"comment" text,
	"company_id" uuid
);

--> statement-breakpoint
CREATE TABLE "company" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"short_name" text NOT NULL,
	"full_name" text,
	"tax_id" text,
	"tax_country" text,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parent_id" uuid,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bank_account" text,
	"bank_name" text,
	"swift" text,
	"payment_method" text,
	"office_mail" text,
	"office_phone" text,
	"logo_url" text,
	"website_url" text
);

--> statement-breakpoint
CREATE TABLE "dictionary" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"group" text,
	"code" text NOT NULL,
	"value" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL
);

--> statement-breakpoint
CREATE TABLE "email_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"sender" text NOT NULL,
	"smtp_server" text NOT NULL,
	"port" integer NOT NULL,
	"secure" boolean DEFAULT false NOT NULL,
	"login" text,
	"password" text,
	"is_default" boolean DEFAULT false NOT NULL
);

--> statement-breakpoint
CREATE TABLE "favorite_action" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"link" text NOT NULL,
	"parameters" jsonb,
	"color" text
);

--> statement-breakpoint
CREATE TABLE "person" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"first_name" text,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"skype" text,
	"position" text,
	"url" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text,
	"company_id" uuid
);

--> statement-breakpoint
CREATE TABLE "record_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"resource_type" text,
	"resource_id" text,
	"resource_title" text,
	"action" text,
	"old_object" jsonb,
	"new_object" jsonb,
	"user_id" uuid,
	"user_name" text
);

--> statement-breakpoint
CREATE TABLE "system_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"level" text,
	"machine_name" text,
	"message" text,
	"exception" text,
	"properties" jsonb,
	"source" text,
	"raise_date" timestamp with time zone,
	"elapsed" integer,
	"http_status_code" integer,
	"request_id" text
);

--> statement-breakpoint
CREATE TABLE "user" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"username" text NOT NULL,
	"visible_name" text,
	"email" text NOT NULL,
	"phone_number" text,
	"description" text,
	"default_language" text DEFAULT 'en-us',
	"contractor_id" uuid,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"is_activated" boolean DEFAULT true NOT NULL,
	"is_super_user" boolean DEFAULT false NOT NULL,
	"is_power_user" boolean DEFAULT false NOT NULL,
	"logistics_enabled" boolean DEFAULT false NOT NULL,
	"shipping_enabled" boolean DEFAULT false NOT NULL,
	"terminal_enabled" boolean DEFAULT false NOT NULL,
	"contractor_portal_enabled" boolean DEFAULT false NOT NULL,
	"transport_enabled" boolean DEFAULT false NOT NULL,
	"catalyst_admin_enabled" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone,
	"last_login" timestamp with time zone,
	"password_hash" text,
	"activation_code" text,
	"reset_code" text,
	"reset_code_expires_at" timestamp with time zone
);

--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "address" ADD CONSTRAINT "address_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "address" ADD CONSTRAINT "address_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_parent_id_company_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "dictionary" ADD CONSTRAINT "dictionary_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "email_account" ADD CONSTRAINT "email_account_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "favorite_action" ADD CONSTRAINT "favorite_action_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "person" ADD CONSTRAINT "person_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "person" ADD CONSTRAINT "person_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "record_log" ADD CONSTRAINT "record_log_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "record_log" ADD CONSTRAINT "record_log_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "system_log" ADD CONSTRAINT "system_log_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_contractor_id_company_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "refresh_token_family_idx" ON "refresh_token" USING btree ("family_id");
--> statement-breakpoint
CREATE INDEX "refresh_token_user_idx" ON "refresh_token" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "sign_in_attempt_user_idx" ON "sign_in_attempt" USING btree ("username","at");
--> statement-breakpoint
CREATE INDEX "sign_in_attempt_addr_idx" ON "sign_in_attempt" USING btree ("address","at");
--> statement-breakpoint
CREATE INDEX "address_account_idx" ON "address" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "address_company_id_idx" ON "address" USING btree ("company_id");
--> statement-breakpoint
CREATE INDEX "company_account_idx" ON "company" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "company_short_name_uq" ON "company" USING btree ("client_account_id","short_name");
--> statement-breakpoint
CREATE INDEX "company_parent_id_idx" ON "company" USING btree ("parent_id");
--> statement-breakpoint
CREATE INDEX "dictionary_account_idx" ON "dictionary" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "email_account_account_idx" ON "email_account" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "favorite_action_account_idx" ON "favorite_action" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "person_account_idx" ON "person" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "person_company_id_idx" ON "person" USING btree ("company_id");
--> statement-breakpoint
CREATE INDEX "record_log_account_idx" ON "record_log" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "record_log_user_id_idx" ON "record_log" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "system_log_account_idx" ON "system_log" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "user_account_idx" ON "user" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "user_username_uq" ON "user" USING btree ("username");
--> statement-breakpoint
CREATE UNIQUE INDEX "user_email_uq" ON "user" USING btree ("client_account_id","email");
--> statement-breakpoint
CREATE INDEX "user_contractor_id_idx" ON "user" USING btree ("contractor_id");
