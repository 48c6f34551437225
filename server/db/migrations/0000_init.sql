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
CREATE TABLE "product_barcode" (
	"client_account_id" uuid NOT NULL,
	"barcode" text NOT NULL,
	"product_id" uuid NOT NULL,
	CONSTRAINT "product_barcode_pk" PRIMARY KEY("client_account_id","barcode")
);

--> statement-breakpoint
CREATE TABLE "file_data" (
	"file_info_id" uuid PRIMARY KEY NOT NULL,
	"client_account_id" uuid NOT NULL,
	"data" "bytea" NOT NULL
);

--> statement-breakpoint
CREATE TABLE "location_schema" (
	"storage_space_id" uuid PRIMARY KEY NOT NULL,
	"client_account_id" uuid NOT NULL,
	"svg" text,
	"bounds" jsonb NOT NULL,
	"dimensions" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
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
CREATE TABLE "file_info" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"ref_resource_type" text NOT NULL,
	"ref_resource_id" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL
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
CREATE TABLE "product" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"index" text NOT NULL,
	"name" text NOT NULL,
	"barcodes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sap_id" text,
	"main_group_id" uuid,
	"unit" text DEFAULT 'pcs',
	"weight" double precision,
	"dimension_x" double precision,
	"dimension_y" double precision,
	"dimension_z" double precision,
	"contractor_id" uuid,
	"default_location_id" uuid,
	"min_temperature" double precision,
	"max_temperature" double precision,
	"minimal_exp_days" integer,
	"warning_stock" double precision,
	"critical_stock" double precision,
	"cash_value" double precision,
	"palette_quantity" double precision,
	"url" text,
	"image_url" text,
	"comment_in" text,
	"comment_out" text,
	"comment_internal" text,
	"portal_comment" text,
	"fragile" boolean DEFAULT false NOT NULL,
	"lock_in" boolean DEFAULT false NOT NULL,
	"lock_out" boolean DEFAULT false NOT NULL,
	"lock_relocate" boolean DEFAULT false NOT NULL,
	"visible_prod_date" boolean DEFAULT false NOT NULL,
	"visible_exp_date" boolean DEFAULT false NOT NULL,
	"visible_serial" boolean DEFAULT false NOT NULL,
	"required_prod_date" boolean DEFAULT false NOT NULL,
	"required_exp_date" boolean DEFAULT false NOT NULL,
	"required_serial" boolean DEFAULT false NOT NULL,
	"hide_from_portal" boolean DEFAULT false NOT NULL
);

--> statement-breakpoint
CREATE TABLE "product_external" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"service_name" text NOT NULL,
	"username" text,
	"name" text NOT NULL,
	"description" text,
	"ean" text,
	"image_url" text,
	"product_id" uuid
);

--> statement-breakpoint
CREATE TABLE "product_group" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"icon" text
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
CREATE TABLE "storage_space" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"label" text NOT NULL,
	"parent_id" uuid,
	"type_id" uuid,
	"capacity_kg" double precision,
	"temperature" double precision,
	"description" text,
	"x" double precision,
	"y" double precision,
	"z" double precision,
	"size_x" double precision,
	"size_y" double precision,
	"size_z" double precision,
	"pickup_order" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"outside" boolean DEFAULT false NOT NULL,
	"protected" boolean DEFAULT false NOT NULL,
	"cooled" boolean DEFAULT false NOT NULL,
	"locked_in" boolean DEFAULT false NOT NULL,
	"locked_out" boolean DEFAULT false NOT NULL,
	"zone_in" boolean DEFAULT false NOT NULL,
	"zone_out" boolean DEFAULT false NOT NULL,
	"zone_cpl" boolean DEFAULT false NOT NULL
);

--> statement-breakpoint
CREATE TABLE "storage_space_type" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"color" text,
	"icon" text,
	"description" text,
	"parent_type_id" uuid,
	"handle_stock" boolean DEFAULT true NOT NULL
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
CREATE TABLE "wms_document" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"document_number" text,
	"type_code" text NOT NULL,
	"status_code" text DEFAULT 'workingCopy',
	"contractor_id" uuid,
	"source_location_id" uuid,
	"destination_location_id" uuid,
	"source_container" text,
	"destination_container" text,
	"order_id" uuid,
	"planned_date" timestamp with time zone,
	"execution_date" timestamp with time zone,
	"reported_date" timestamp with time zone,
	"comment" text,
	"system_comments" text,
	"preceding_document_id" uuid,
	"preceding_document_number" text,
	"transport_document_number" text,
	"responsible_user_id" uuid,
	"closed_manually_reason" text,
	"priority" text DEFAULT 'normal',
	"generated" boolean DEFAULT false NOT NULL,
	"confirmed_positions" integer,
	"unconfirmed_positions" integer,
	"confirmed_quantity" double precision,
	"unconfirmed_quantity" double precision
);

--> statement-breakpoint
CREATE TABLE "wms_document_position" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"document_id" uuid NOT NULL,
	"line_no" integer,
	"product_id" uuid NOT NULL,
	"quantity" double precision NOT NULL,
	"quantity_real" double precision,
	"unit_price" double precision,
	"value" double precision,
	"source_location_id" uuid,
	"destination_location_id" uuid,
	"source_container" text,
	"destination_container" text,
	"serial_number" text,
	"prod_date" date,
	"exp_date" date,
	"comment" text
);

--> statement-breakpoint
CREATE TABLE "wms_order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"order_number" text,
	"type_code" text NOT NULL,
	"status_code" text DEFAULT 'workingCopy',
	"verification_status" text,
	"contractor_id" uuid,
	"assigned_user_id" uuid,
	"priority" text DEFAULT 'normal',
	"source_type" text,
	"source_location_id" uuid,
	"destination_location_id" uuid,
	"source_container" text,
	"destination_container" text,
	"verify_product_id" uuid,
	"verify_location_id" uuid,
	"planned_date" timestamp with time zone,
	"delivery_date" timestamp with time zone,
	"comment" text,
	"closed_manually_reason" text,
	"approved_by_id" uuid,
	"approved_at" timestamp with time zone,
	"realisation_started" boolean DEFAULT false NOT NULL,
	"positions_count" integer,
	"positions_done" integer
);

--> statement-breakpoint
CREATE TABLE "wms_order_position" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"order_id" uuid NOT NULL,
	"line_no" integer,
	"product_id" uuid NOT NULL,
	"quantity" double precision NOT NULL,
	"quantity_real" double precision,
	"source_location_id" uuid,
	"destination_location_id" uuid,
	"source_container" text,
	"destination_container" text,
	"serial_number" text,
	"prod_date" date,
	"exp_date" date,
	"comment" text
);

--> statement-breakpoint
CREATE TABLE "stock" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"container" text DEFAULT '' NOT NULL,
	"serial_number" text DEFAULT '' NOT NULL,
	"prod_date" date,
	"exp_date" date,
	"quantity" numeric(18, 6) NOT NULL,
	"reserved" numeric(18, 6) DEFAULT 0 NOT NULL,
	"contractor_id" uuid,
	"first_receipt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_key_uq" UNIQUE NULLS NOT DISTINCT("client_account_id","product_id","location_id","container","serial_number","prod_date","exp_date"),
	CONSTRAINT "stock_quantity_ck" CHECK ("stock"."quantity" >= 0),
	CONSTRAINT "stock_reserved_ck" CHECK ("stock"."reserved" >= 0 and "stock"."reserved" <= "stock"."quantity")
);

--> statement-breakpoint
CREATE TABLE "stock_movement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"position_id" uuid,
	"product_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"container" text DEFAULT '' NOT NULL,
	"serial_number" text DEFAULT '' NOT NULL,
	"prod_date" date,
	"exp_date" date,
	"delta" numeric(18, 6) NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);

--> statement-breakpoint
CREATE TABLE "stock_reservation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"container" text DEFAULT '' NOT NULL,
	"serial_number" text DEFAULT '' NOT NULL,
	"prod_date" date,
	"exp_date" date,
	"quantity" numeric(18, 6) NOT NULL,
	CONSTRAINT "stock_reservation_quantity_ck" CHECK ("stock_reservation"."quantity" > 0)
);

--> statement-breakpoint
CREATE TABLE "document_counter" (
	"client_account_id" uuid NOT NULL,
	"type_code" text NOT NULL,
	"period" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "document_counter_client_account_id_type_code_period_pk" PRIMARY KEY("client_account_id","type_code","period")
);

--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product_barcode" ADD CONSTRAINT "product_barcode_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product_barcode" ADD CONSTRAINT "product_barcode_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "file_data" ADD CONSTRAINT "file_data_file_info_id_file_info_id_fk" FOREIGN KEY ("file_info_id") REFERENCES "public"."file_info"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "file_data" ADD CONSTRAINT "file_data_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "location_schema" ADD CONSTRAINT "location_schema_storage_space_id_storage_space_id_fk" FOREIGN KEY ("storage_space_id") REFERENCES "public"."storage_space"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "location_schema" ADD CONSTRAINT "location_schema_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
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
ALTER TABLE "file_info" ADD CONSTRAINT "file_info_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "person" ADD CONSTRAINT "person_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "person" ADD CONSTRAINT "person_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_main_group_id_product_group_id_fk" FOREIGN KEY ("main_group_id") REFERENCES "public"."product_group"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_contractor_id_company_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_default_location_id_storage_space_id_fk" FOREIGN KEY ("default_location_id") REFERENCES "public"."storage_space"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product_external" ADD CONSTRAINT "product_external_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product_external" ADD CONSTRAINT "product_external_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product_group" ADD CONSTRAINT "product_group_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "record_log" ADD CONSTRAINT "record_log_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "record_log" ADD CONSTRAINT "record_log_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "storage_space" ADD CONSTRAINT "storage_space_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "storage_space" ADD CONSTRAINT "storage_space_parent_id_storage_space_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."storage_space"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "storage_space" ADD CONSTRAINT "storage_space_type_id_storage_space_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."storage_space_type"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "storage_space_type" ADD CONSTRAINT "storage_space_type_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "storage_space_type" ADD CONSTRAINT "storage_space_type_parent_type_id_storage_space_type_id_fk" FOREIGN KEY ("parent_type_id") REFERENCES "public"."storage_space_type"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "system_log" ADD CONSTRAINT "system_log_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_contractor_id_company_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_document" ADD CONSTRAINT "wms_document_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_document" ADD CONSTRAINT "wms_document_contractor_id_company_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_document" ADD CONSTRAINT "wms_document_source_location_id_storage_space_id_fk" FOREIGN KEY ("source_location_id") REFERENCES "public"."storage_space"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_document" ADD CONSTRAINT "wms_document_destination_location_id_storage_space_id_fk" FOREIGN KEY ("destination_location_id") REFERENCES "public"."storage_space"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_document" ADD CONSTRAINT "wms_document_order_id_wms_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."wms_order"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_document" ADD CONSTRAINT "wms_document_preceding_document_id_wms_document_id_fk" FOREIGN KEY ("preceding_document_id") REFERENCES "public"."wms_document"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_document" ADD CONSTRAINT "wms_document_responsible_user_id_user_id_fk" FOREIGN KEY ("responsible_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_document_position" ADD CONSTRAINT "wms_document_position_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_document_position" ADD CONSTRAINT "wms_document_position_document_id_wms_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."wms_document"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_document_position" ADD CONSTRAINT "wms_document_position_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_document_position" ADD CONSTRAINT "wms_document_position_source_location_id_storage_space_id_fk" FOREIGN KEY ("source_location_id") REFERENCES "public"."storage_space"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_document_position" ADD CONSTRAINT "wms_document_position_destination_location_id_storage_space_id_fk" FOREIGN KEY ("destination_location_id") REFERENCES "public"."storage_space"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_order" ADD CONSTRAINT "wms_order_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_order" ADD CONSTRAINT "wms_order_contractor_id_company_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_order" ADD CONSTRAINT "wms_order_assigned_user_id_user_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_order" ADD CONSTRAINT "wms_order_source_location_id_storage_space_id_fk" FOREIGN KEY ("source_location_id") REFERENCES "public"."storage_space"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_order" ADD CONSTRAINT "wms_order_destination_location_id_storage_space_id_fk" FOREIGN KEY ("destination_location_id") REFERENCES "public"."storage_space"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_order" ADD CONSTRAINT "wms_order_verify_product_id_product_id_fk" FOREIGN KEY ("verify_product_id") REFERENCES "public"."product"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_order" ADD CONSTRAINT "wms_order_verify_location_id_storage_space_id_fk" FOREIGN KEY ("verify_location_id") REFERENCES "public"."storage_space"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_order" ADD CONSTRAINT "wms_order_approved_by_id_user_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_order_position" ADD CONSTRAINT "wms_order_position_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_order_position" ADD CONSTRAINT "wms_order_position_order_id_wms_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."wms_order"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_order_position" ADD CONSTRAINT "wms_order_position_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_order_position" ADD CONSTRAINT "wms_order_position_source_location_id_storage_space_id_fk" FOREIGN KEY ("source_location_id") REFERENCES "public"."storage_space"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_order_position" ADD CONSTRAINT "wms_order_position_destination_location_id_storage_space_id_fk" FOREIGN KEY ("destination_location_id") REFERENCES "public"."storage_space"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_location_id_storage_space_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."storage_space"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_document_id_wms_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."wms_document"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_position_id_wms_document_position_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."wms_document_position"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_location_id_storage_space_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."storage_space"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_reservation" ADD CONSTRAINT "stock_reservation_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_reservation" ADD CONSTRAINT "stock_reservation_document_id_wms_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."wms_document"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_reservation" ADD CONSTRAINT "stock_reservation_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_reservation" ADD CONSTRAINT "stock_reservation_location_id_storage_space_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."storage_space"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "document_counter" ADD CONSTRAINT "document_counter_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "refresh_token_family_idx" ON "refresh_token" USING btree ("family_id");
--> statement-breakpoint
CREATE INDEX "refresh_token_user_idx" ON "refresh_token" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "sign_in_attempt_user_idx" ON "sign_in_attempt" USING btree ("username","at");
--> statement-breakpoint
CREATE INDEX "sign_in_attempt_addr_idx" ON "sign_in_attempt" USING btree ("address","at");
--> statement-breakpoint
CREATE INDEX "product_barcode_product_idx" ON "product_barcode" USING btree ("product_id");
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
CREATE INDEX "file_info_account_idx" ON "file_info" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "person_account_idx" ON "person" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "person_company_id_idx" ON "person" USING btree ("company_id");
--> statement-breakpoint
CREATE INDEX "product_account_idx" ON "product" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "product_index_uq" ON "product" USING btree ("client_account_id","index");
--> statement-breakpoint
CREATE INDEX "product_main_group_id_idx" ON "product" USING btree ("main_group_id");
--> statement-breakpoint
CREATE INDEX "product_contractor_id_idx" ON "product" USING btree ("contractor_id");
--> statement-breakpoint
CREATE INDEX "product_default_location_id_idx" ON "product" USING btree ("default_location_id");
--> statement-breakpoint
CREATE INDEX "product_external_account_idx" ON "product_external" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "product_external_product_id_idx" ON "product_external" USING btree ("product_id");
--> statement-breakpoint
CREATE INDEX "product_group_account_idx" ON "product_group" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "product_group_name_uq" ON "product_group" USING btree ("client_account_id","name");
--> statement-breakpoint
CREATE INDEX "record_log_account_idx" ON "record_log" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "record_log_user_id_idx" ON "record_log" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "storage_space_account_idx" ON "storage_space" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "storage_space_label_uq" ON "storage_space" USING btree ("client_account_id","label");
--> statement-breakpoint
CREATE INDEX "storage_space_parent_id_idx" ON "storage_space" USING btree ("parent_id");
--> statement-breakpoint
CREATE INDEX "storage_space_type_id_idx" ON "storage_space" USING btree ("type_id");
--> statement-breakpoint
CREATE INDEX "storage_space_type_account_idx" ON "storage_space_type" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "storage_space_type_code_uq" ON "storage_space_type" USING btree ("client_account_id","code");
--> statement-breakpoint
CREATE INDEX "storage_space_type_parent_type_id_idx" ON "storage_space_type" USING btree ("parent_type_id");
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
--> statement-breakpoint
CREATE INDEX "wms_document_account_idx" ON "wms_document" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "wms_document_document_number_uq" ON "wms_document" USING btree ("client_account_id","document_number");
--> statement-breakpoint
CREATE INDEX "wms_document_contractor_id_idx" ON "wms_document" USING btree ("contractor_id");
--> statement-breakpoint
CREATE INDEX "wms_document_source_location_id_idx" ON "wms_document" USING btree ("source_location_id");
--> statement-breakpoint
CREATE INDEX "wms_document_destination_location_id_idx" ON "wms_document" USING btree ("destination_location_id");
--> statement-breakpoint
CREATE INDEX "wms_document_order_id_idx" ON "wms_document" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "wms_document_preceding_document_id_idx" ON "wms_document" USING btree ("preceding_document_id");
--> statement-breakpoint
CREATE INDEX "wms_document_responsible_user_id_idx" ON "wms_document" USING btree ("responsible_user_id");
--> statement-breakpoint
CREATE INDEX "wms_document_position_account_idx" ON "wms_document_position" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "wms_document_position_document_id_idx" ON "wms_document_position" USING btree ("document_id");
--> statement-breakpoint
CREATE INDEX "wms_document_position_product_id_idx" ON "wms_document_position" USING btree ("product_id");
--> statement-breakpoint
CREATE INDEX "wms_document_position_source_location_id_idx" ON "wms_document_position" USING btree ("source_location_id");
--> statement-breakpoint
CREATE INDEX "wms_document_position_destination_location_id_idx" ON "wms_document_position" USING btree ("destination_location_id");
--> statement-breakpoint
CREATE INDEX "wms_order_account_idx" ON "wms_order" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "wms_order_order_number_uq" ON "wms_order" USING btree ("client_account_id","order_number");
--> statement-breakpoint
CREATE INDEX "wms_order_contractor_id_idx" ON "wms_order" USING btree ("contractor_id");
--> statement-breakpoint
CREATE INDEX "wms_order_assigned_user_id_idx" ON "wms_order" USING btree ("assigned_user_id");
--> statement-breakpoint
CREATE INDEX "wms_order_source_location_id_idx" ON "wms_order" USING btree ("source_location_id");
--> statement-breakpoint
CREATE INDEX "wms_order_destination_location_id_idx" ON "wms_order" USING btree ("destination_location_id");
--> statement-breakpoint
CREATE INDEX "wms_order_verify_product_id_idx" ON "wms_order" USING btree ("verify_product_id");
--> statement-breakpoint
CREATE INDEX "wms_order_verify_location_id_idx" ON "wms_order" USING btree ("verify_location_id");
--> statement-breakpoint
CREATE INDEX "wms_order_approved_by_id_idx" ON "wms_order" USING btree ("approved_by_id");
--> statement-breakpoint
CREATE INDEX "wms_order_position_account_idx" ON "wms_order_position" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "wms_order_position_order_id_idx" ON "wms_order_position" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "wms_order_position_product_id_idx" ON "wms_order_position" USING btree ("product_id");
--> statement-breakpoint
CREATE INDEX "wms_order_position_source_location_id_idx" ON "wms_order_position" USING btree ("source_location_id");
--> statement-breakpoint
CREATE INDEX "wms_order_position_destination_location_id_idx" ON "wms_order_position" USING btree ("destination_location_id");
--> statement-breakpoint
CREATE INDEX "stock_account_location_idx" ON "stock" USING btree ("client_account_id","location_id");
--> statement-breakpoint
CREATE INDEX "stock_account_container_idx" ON "stock" USING btree ("client_account_id","container");
--> statement-breakpoint
CREATE INDEX "stock_account_exp_idx" ON "stock" USING btree ("client_account_id","exp_date");
--> statement-breakpoint
CREATE INDEX "stock_account_contractor_idx" ON "stock" USING btree ("client_account_id","contractor_id");
--> statement-breakpoint
CREATE INDEX "stock_movement_document_idx" ON "stock_movement" USING btree ("client_account_id","document_id");
--> statement-breakpoint
CREATE INDEX "stock_movement_product_idx" ON "stock_movement" USING btree ("client_account_id","product_id","at");
--> statement-breakpoint
CREATE INDEX "stock_movement_position_idx" ON "stock_movement" USING btree ("position_id");
--> statement-breakpoint
CREATE INDEX "stock_reservation_document_idx" ON "stock_reservation" USING btree ("client_account_id","document_id");
