CREATE TABLE "catalyst_config" (
	"client_account_id" uuid PRIMARY KEY NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"price_unit" text DEFAULT 'g' NOT NULL,
	"rounding_decimals" integer DEFAULT 2 NOT NULL,
	"rounding_mode" text DEFAULT 'nearest' NOT NULL,
	"refining_charge_per_kg" double precision DEFAULT 0 NOT NULL,
	"default_user_group_id" uuid,
	"phase_notice_minutes" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);

--> statement-breakpoint
CREATE TABLE "catalyst_rate_quote" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"rate_kind" text NOT NULL,
	"rate_id" uuid NOT NULL,
	"price" double precision NOT NULL,
	"company_price" double precision,
	"at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

--> statement-breakpoint
CREATE TABLE "catalyst_client_device" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"client_user_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"device_name" text,
	"refresh_token_hash" text NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);

--> statement-breakpoint
CREATE TABLE "catalyst_cart" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"client_user_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"total" double precision,
	"currency" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone
);

--> statement-breakpoint
CREATE TABLE "catalyst_cart_line" (
	"cart_id" uuid NOT NULL,
	"catalyst_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"price" double precision,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalyst_cart_line_pk" PRIMARY KEY("cart_id","catalyst_id")
);

--> statement-breakpoint
CREATE TABLE "catalyst_usage" (
	"client_account_id" uuid NOT NULL,
	"client_user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalyst_usage_pk" PRIMARY KEY("client_user_id","day","kind")
);

--> statement-breakpoint
CREATE TABLE "catalyst_job" (
	"rate_id" uuid PRIMARY KEY NOT NULL,
	"client_account_id" uuid NOT NULL,
	"rate_kind" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_run_at" timestamp with time zone
);

--> statement-breakpoint
CREATE TABLE "catalyst" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"serial_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"producer_id" uuid,
	"catalyst_group_id" uuid,
	"weight" double precision,
	"ceramic_weight" double precision,
	"humidity" double precision,
	"processing_cost" double precision,
	"product_stock_content" jsonb,
	"fixed_value" double precision,
	"hidden_from_clients" boolean DEFAULT false NOT NULL,
	"image_url" text,
	"description" text,
	"search_text" text
);

--> statement-breakpoint
CREATE TABLE "catalyst_client_user" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"username" text NOT NULL,
	"name" text,
	"email" text,
	"phone_number" text,
	"user_group_id" uuid,
	"language" text DEFAULT 'en-us',
	"is_blocked" boolean DEFAULT false NOT NULL,
	"note" text,
	"last_login" timestamp with time zone,
	"password_hash" text
);

--> statement-breakpoint
CREATE TABLE "catalyst_group" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"description" text
);

--> statement-breakpoint
CREATE TABLE "catalyst_individual_rule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text,
	"client_user_id" uuid,
	"user_group_id" uuid,
	"catalyst_id" uuid,
	"catalyst_group_id" uuid,
	"producer_id" uuid,
	"multiplier" double precision DEFAULT 1,
	"surcharge" double precision DEFAULT 0,
	"fixed_price" double precision
);

--> statement-breakpoint
CREATE TABLE "catalyst_producer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"description" text
);

--> statement-breakpoint
CREATE TABLE "catalyst_user_group" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"icon" text,
	"devices_limit" integer DEFAULT 2,
	"can_display_prices" boolean DEFAULT true NOT NULL,
	"can_display_weight" boolean DEFAULT true NOT NULL,
	"can_display_components" boolean DEFAULT false NOT NULL,
	"can_display_exchange_rates" boolean DEFAULT false NOT NULL,
	"can_dispaly_stock_rates" boolean DEFAULT false NOT NULL,
	"can_recalc_prices" boolean DEFAULT false NOT NULL,
	"can_use_cart" boolean DEFAULT false NOT NULL,
	"currency_rate_multiply_value" double precision DEFAULT 1,
	"stock_rate_multiply_value" double precision DEFAULT 1,
	"description" text
);

--> statement-breakpoint
CREATE TABLE "company_currency_rate_rule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"pair_name" text NOT NULL,
	"pair_full_name" text NOT NULL,
	"latest_base_currency_price" double precision,
	"latest_company_currency_price" double precision,
	"market_rate_at" timestamp with time zone,
	"multiplier" double precision DEFAULT 1,
	"constant_value" double precision DEFAULT 0,
	"source" text DEFAULT 'manual',
	"source_url" text,
	"source_field" text,
	"update_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_source_error" text
);

--> statement-breakpoint
CREATE TABLE "company_stock_rate_rule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"quote_currency" text DEFAULT 'USD',
	"latest_market_rate" double precision,
	"market_rate_at" timestamp with time zone,
	"effective_rate" double precision,
	"market_phase" text,
	"min_rate" double precision,
	"max_rate" double precision,
	"value_multiplier" double precision DEFAULT 1,
	"minimal_reduction" double precision DEFAULT 0,
	"return_rate" double precision DEFAULT 100,
	"lease_rate" double precision DEFAULT 0,
	"constant_value" double precision DEFAULT 0,
	"source" text DEFAULT 'manual',
	"source_url" text,
	"source_field" text,
	"source_unit" text DEFAULT 'g',
	"update_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_source_error" text
);

--> statement-breakpoint
ALTER TABLE "catalyst_config" ADD CONSTRAINT "catalyst_config_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_config" ADD CONSTRAINT "catalyst_config_default_user_group_id_catalyst_user_group_id_fk" FOREIGN KEY ("default_user_group_id") REFERENCES "public"."catalyst_user_group"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_rate_quote" ADD CONSTRAINT "catalyst_rate_quote_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_client_device" ADD CONSTRAINT "catalyst_client_device_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_client_device" ADD CONSTRAINT "catalyst_client_device_client_user_id_catalyst_client_user_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."catalyst_client_user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_cart" ADD CONSTRAINT "catalyst_cart_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_cart" ADD CONSTRAINT "catalyst_cart_client_user_id_catalyst_client_user_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."catalyst_client_user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_cart_line" ADD CONSTRAINT "catalyst_cart_line_cart_id_catalyst_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."catalyst_cart"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_cart_line" ADD CONSTRAINT "catalyst_cart_line_catalyst_id_catalyst_id_fk" FOREIGN KEY ("catalyst_id") REFERENCES "public"."catalyst"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_usage" ADD CONSTRAINT "catalyst_usage_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_usage" ADD CONSTRAINT "catalyst_usage_client_user_id_catalyst_client_user_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."catalyst_client_user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_job" ADD CONSTRAINT "catalyst_job_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst" ADD CONSTRAINT "catalyst_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst" ADD CONSTRAINT "catalyst_producer_id_catalyst_producer_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."catalyst_producer"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst" ADD CONSTRAINT "catalyst_catalyst_group_id_catalyst_group_id_fk" FOREIGN KEY ("catalyst_group_id") REFERENCES "public"."catalyst_group"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_client_user" ADD CONSTRAINT "catalyst_client_user_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_client_user" ADD CONSTRAINT "catalyst_client_user_user_group_id_catalyst_user_group_id_fk" FOREIGN KEY ("user_group_id") REFERENCES "public"."catalyst_user_group"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_group" ADD CONSTRAINT "catalyst_group_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_individual_rule" ADD CONSTRAINT "catalyst_individual_rule_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_individual_rule" ADD CONSTRAINT "catalyst_individual_rule_client_user_id_catalyst_client_user_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."catalyst_client_user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_individual_rule" ADD CONSTRAINT "catalyst_individual_rule_user_group_id_catalyst_user_group_id_fk" FOREIGN KEY ("user_group_id") REFERENCES "public"."catalyst_user_group"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_individual_rule" ADD CONSTRAINT "catalyst_individual_rule_catalyst_id_catalyst_id_fk" FOREIGN KEY ("catalyst_id") REFERENCES "public"."catalyst"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_individual_rule" ADD CONSTRAINT "catalyst_individual_rule_catalyst_group_id_catalyst_group_id_fk" FOREIGN KEY ("catalyst_group_id") REFERENCES "public"."catalyst_group"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_individual_rule" ADD CONSTRAINT "catalyst_individual_rule_producer_id_catalyst_producer_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."catalyst_producer"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_producer" ADD CONSTRAINT "catalyst_producer_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "catalyst_user_group" ADD CONSTRAINT "catalyst_user_group_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company_currency_rate_rule" ADD CONSTRAINT "company_currency_rate_rule_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company_stock_rate_rule" ADD CONSTRAINT "company_stock_rate_rule_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "catalyst_rate_quote_rate_idx" ON "catalyst_rate_quote" USING btree ("client_account_id","rate_id","at");
--> statement-breakpoint
CREATE UNIQUE INDEX "catalyst_client_device_uq" ON "catalyst_client_device" USING btree ("client_user_id","device_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "catalyst_client_device_token_uq" ON "catalyst_client_device" USING btree ("refresh_token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "catalyst_cart_open_uq" ON "catalyst_cart" USING btree ("client_user_id") WHERE status = 'open';
--> statement-breakpoint
CREATE INDEX "catalyst_cart_account_idx" ON "catalyst_cart" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "catalyst_usage_account_idx" ON "catalyst_usage" USING btree ("client_account_id","day");
--> statement-breakpoint
CREATE INDEX "catalyst_job_due_idx" ON "catalyst_job" USING btree ("run_at");
--> statement-breakpoint
CREATE INDEX "catalyst_account_idx" ON "catalyst" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "catalyst_producer_id_idx" ON "catalyst" USING btree ("producer_id");
--> statement-breakpoint
CREATE INDEX "catalyst_catalyst_group_id_idx" ON "catalyst" USING btree ("catalyst_group_id");
--> statement-breakpoint
CREATE INDEX "catalyst_client_user_account_idx" ON "catalyst_client_user" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "catalyst_client_user_username_uq" ON "catalyst_client_user" USING btree ("username");
--> statement-breakpoint
CREATE INDEX "catalyst_client_user_user_group_id_idx" ON "catalyst_client_user" USING btree ("user_group_id");
--> statement-breakpoint
CREATE INDEX "catalyst_group_account_idx" ON "catalyst_group" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "catalyst_group_name_uq" ON "catalyst_group" USING btree ("client_account_id","name");
--> statement-breakpoint
CREATE INDEX "catalyst_individual_rule_account_idx" ON "catalyst_individual_rule" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "catalyst_individual_rule_client_user_id_idx" ON "catalyst_individual_rule" USING btree ("client_user_id");
--> statement-breakpoint
CREATE INDEX "catalyst_individual_rule_user_group_id_idx" ON "catalyst_individual_rule" USING btree ("user_group_id");
--> statement-breakpoint
CREATE INDEX "catalyst_individual_rule_catalyst_id_idx" ON "catalyst_individual_rule" USING btree ("catalyst_id");
--> statement-breakpoint
CREATE INDEX "catalyst_individual_rule_catalyst_group_id_idx" ON "catalyst_individual_rule" USING btree ("catalyst_group_id");
--> statement-breakpoint
CREATE INDEX "catalyst_individual_rule_producer_id_idx" ON "catalyst_individual_rule" USING btree ("producer_id");
--> statement-breakpoint
CREATE INDEX "catalyst_producer_account_idx" ON "catalyst_producer" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "catalyst_producer_name_uq" ON "catalyst_producer" USING btree ("client_account_id","name");
--> statement-breakpoint
CREATE INDEX "catalyst_user_group_account_idx" ON "catalyst_user_group" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "catalyst_user_group_name_uq" ON "catalyst_user_group" USING btree ("client_account_id","name");
--> statement-breakpoint
CREATE INDEX "company_currency_rate_rule_account_idx" ON "company_currency_rate_rule" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "company_currency_rate_rule_pair_name_uq" ON "company_currency_rate_rule" USING btree ("client_account_id","pair_name");
--> statement-breakpoint
CREATE INDEX "company_stock_rate_rule_account_idx" ON "company_stock_rate_rule" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "company_stock_rate_rule_short_name_uq" ON "company_stock_rate_rule" USING btree ("client_account_id","short_name");

--> statement-breakpoint
-- hand-written: the catalogue is read page by page in name order within a company (the as-client list, the general catalogue).
CREATE INDEX "catalyst_account_name_idx" ON "catalyst" USING btree ("client_account_id","name","id");
