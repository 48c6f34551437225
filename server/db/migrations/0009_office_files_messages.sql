CREATE TABLE "office_settings" (
	"client_account_id" uuid PRIMARY KEY NOT NULL,
	"max_file_mb" integer DEFAULT 10 NOT NULL,
	"sms_gateway_url" text,
	"sms_gateway_token" text,
	"sms_sender" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

--> statement-breakpoint
CREATE TABLE "file_trash" (
	"key" text PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);

--> statement-breakpoint
CREATE TABLE "email_template" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"ref_resource_type" text,
	"language" text,
	"subject" text NOT NULL,
	"body" text NOT NULL
);

--> statement-breakpoint
CREATE TABLE "external_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"service_type" text NOT NULL,
	"service_name" text NOT NULL,
	"base_url" text NOT NULL,
	"username" text,
	"secret" text,
	"is_active" boolean DEFAULT false NOT NULL,
	"refresh_token_validity" timestamp with time zone,
	"imported_until" timestamp with time zone,
	"activation_code_hash" text,
	"activation_code_valid_until" timestamp with time zone
);

--> statement-breakpoint
CREATE TABLE "message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"channel" text NOT NULL,
	"subject" text,
	"text" text,
	"sender" text,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text,
	"sent_at" timestamp with time zone,
	"error" text,
	"ref_resource_type" text,
	"ref_resource_id" text,
	"template_id" uuid,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_id" uuid
);

--> statement-breakpoint
CREATE TABLE "tag" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"description" text
);

--> statement-breakpoint
ALTER TABLE "product_external" ADD COLUMN "credentials_id" uuid;
--> statement-breakpoint
ALTER TABLE "product_external" ADD COLUMN "external_id" text;
--> statement-breakpoint
ALTER TABLE "product_external" ADD COLUMN "sku" text;
--> statement-breakpoint
ALTER TABLE "office_settings" ADD CONSTRAINT "office_settings_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "email_template" ADD CONSTRAINT "email_template_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "external_credentials" ADD CONSTRAINT "external_credentials_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_template_id_email_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."email_template"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tag" ADD CONSTRAINT "tag_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "email_template_account_idx" ON "email_template" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "email_template_name_uq" ON "email_template" USING btree ("client_account_id","name");
--> statement-breakpoint
CREATE INDEX "external_credentials_account_idx" ON "external_credentials" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "external_credentials_service_name_uq" ON "external_credentials" USING btree ("client_account_id","service_name");
--> statement-breakpoint
CREATE INDEX "message_account_idx" ON "message" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "message_template_id_idx" ON "message" USING btree ("template_id");
--> statement-breakpoint
CREATE INDEX "message_created_by_id_idx" ON "message" USING btree ("created_by_id");
--> statement-breakpoint
CREATE INDEX "tag_account_idx" ON "tag" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "tag_name_uq" ON "tag" USING btree ("client_account_id","name");
--> statement-breakpoint
ALTER TABLE "product_external" ADD CONSTRAINT "product_external_credentials_id_external_credentials_id_fk" FOREIGN KEY ("credentials_id") REFERENCES "public"."external_credentials"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "product_external_credentials_id_idx" ON "product_external" USING btree ("credentials_id");

--> statement-breakpoint
-- hand-written: the bytes of every deleted file (by hand, with its record, with its account) are queued for the
-- file janitor in the delete's own transaction (server/files/fileJanitor.ts).
CREATE FUNCTION "file_info_to_trash"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "file_trash" ("key") VALUES (OLD."client_account_id"::text || '/' || OLD."id"::text) ON CONFLICT DO NOTHING;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "file_info_trash_trg" AFTER DELETE ON "file_info" FOR EACH ROW EXECUTE FUNCTION file_info_to_trash();
--> statement-breakpoint
-- File lists and the janitor look files up by their record.
CREATE INDEX "file_info_ref_idx" ON "file_info" USING btree ("client_account_id","ref_resource_type","ref_resource_id");
