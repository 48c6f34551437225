CREATE TABLE "calendar_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"start_date" timestamp with time zone,
	"finish_date" timestamp with time zone,
	"resource_sub_type" integer DEFAULT 900,
	"resource_id" uuid,
	"carrier_id" uuid,
	"description" text
);

--> statement-breakpoint
CREATE TABLE "calendar_resource" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text
);

--> statement-breakpoint
CREATE TABLE "freight_offer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"ticket_id" uuid NOT NULL,
	"ticket_number" text,
	"carrier_id" uuid NOT NULL,
	"status_code" text DEFAULT 'active',
	"price" double precision NOT NULL,
	"currency" text NOT NULL,
	"pickup_time" timestamp with time zone,
	"delivery_time" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"comment" text,
	"archived_reason" text,
	"confirmed_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_by_id" uuid
);

--> statement-breakpoint
CREATE TABLE "shipment_ticket" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"shipment_number" text,
	"status_code" text DEFAULT 'workingCopy',
	"pickup_address_id" uuid,
	"pickup_point" text,
	"pickup_country" text,
	"destination_address_id" uuid,
	"destination_point" text,
	"destination_country" text,
	"pickup_time" timestamp with time zone,
	"delivery_time" timestamp with time zone,
	"load_weight" double precision,
	"pallet_count" integer,
	"load_text" text,
	"description" text,
	"invited_carrier_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"assigned_carrier_id" uuid,
	"agreed_price" double precision,
	"agreed_currency" text,
	"offers_count" integer DEFAULT 0,
	"published_at" timestamp with time zone,
	"assigned_at" timestamp with time zone,
	"created_by_id" uuid
);

--> statement-breakpoint
CREATE TABLE "shipment_ticket_load" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"ticket_id" uuid NOT NULL,
	"document_id" uuid,
	"order_id" uuid
);

--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "carrier_id" uuid;
--> statement-breakpoint
ALTER TABLE "wms_order" ADD COLUMN "valid_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "wms_order" ADD COLUMN "source_order_id" uuid;
--> statement-breakpoint
ALTER TABLE "calendar_event" ADD CONSTRAINT "calendar_event_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "calendar_event" ADD CONSTRAINT "calendar_event_resource_id_calendar_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."calendar_resource"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "calendar_event" ADD CONSTRAINT "calendar_event_carrier_id_company_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "calendar_resource" ADD CONSTRAINT "calendar_resource_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "freight_offer" ADD CONSTRAINT "freight_offer_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "freight_offer" ADD CONSTRAINT "freight_offer_ticket_id_shipment_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."shipment_ticket"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "freight_offer" ADD CONSTRAINT "freight_offer_carrier_id_company_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "freight_offer" ADD CONSTRAINT "freight_offer_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shipment_ticket" ADD CONSTRAINT "shipment_ticket_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shipment_ticket" ADD CONSTRAINT "shipment_ticket_pickup_address_id_address_id_fk" FOREIGN KEY ("pickup_address_id") REFERENCES "public"."address"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shipment_ticket" ADD CONSTRAINT "shipment_ticket_destination_address_id_address_id_fk" FOREIGN KEY ("destination_address_id") REFERENCES "public"."address"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shipment_ticket" ADD CONSTRAINT "shipment_ticket_assigned_carrier_id_company_id_fk" FOREIGN KEY ("assigned_carrier_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shipment_ticket" ADD CONSTRAINT "shipment_ticket_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shipment_ticket_load" ADD CONSTRAINT "shipment_ticket_load_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shipment_ticket_load" ADD CONSTRAINT "shipment_ticket_load_ticket_id_shipment_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."shipment_ticket"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shipment_ticket_load" ADD CONSTRAINT "shipment_ticket_load_document_id_wms_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."wms_document"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shipment_ticket_load" ADD CONSTRAINT "shipment_ticket_load_order_id_wms_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."wms_order"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "calendar_event_account_idx" ON "calendar_event" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "calendar_event_resource_id_idx" ON "calendar_event" USING btree ("resource_id");
--> statement-breakpoint
CREATE INDEX "calendar_event_carrier_id_idx" ON "calendar_event" USING btree ("carrier_id");
--> statement-breakpoint
CREATE INDEX "calendar_resource_account_idx" ON "calendar_resource" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_resource_name_uq" ON "calendar_resource" USING btree ("client_account_id","name");
--> statement-breakpoint
CREATE INDEX "freight_offer_account_idx" ON "freight_offer" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "freight_offer_ticket_id_idx" ON "freight_offer" USING btree ("ticket_id");
--> statement-breakpoint
CREATE INDEX "freight_offer_carrier_id_idx" ON "freight_offer" USING btree ("carrier_id");
--> statement-breakpoint
CREATE INDEX "freight_offer_created_by_id_idx" ON "freight_offer" USING btree ("created_by_id");
--> statement-breakpoint
CREATE INDEX "shipment_ticket_account_idx" ON "shipment_ticket" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_ticket_shipment_number_uq" ON "shipment_ticket" USING btree ("client_account_id","shipment_number");
--> statement-breakpoint
CREATE INDEX "shipment_ticket_pickup_address_id_idx" ON "shipment_ticket" USING btree ("pickup_address_id");
--> statement-breakpoint
CREATE INDEX "shipment_ticket_destination_address_id_idx" ON "shipment_ticket" USING btree ("destination_address_id");
--> statement-breakpoint
CREATE INDEX "shipment_ticket_assigned_carrier_id_idx" ON "shipment_ticket" USING btree ("assigned_carrier_id");
--> statement-breakpoint
CREATE INDEX "shipment_ticket_created_by_id_idx" ON "shipment_ticket" USING btree ("created_by_id");
--> statement-breakpoint
CREATE INDEX "shipment_ticket_load_account_idx" ON "shipment_ticket_load" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "shipment_ticket_load_ticket_id_idx" ON "shipment_ticket_load" USING btree ("ticket_id");
--> statement-breakpoint
CREATE INDEX "shipment_ticket_load_document_id_idx" ON "shipment_ticket_load" USING btree ("document_id");
--> statement-breakpoint
CREATE INDEX "shipment_ticket_load_order_id_idx" ON "shipment_ticket_load" USING btree ("order_id");
--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_carrier_id_company_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wms_order" ADD CONSTRAINT "wms_order_source_order_id_wms_order_id_fk" FOREIGN KEY ("source_order_id") REFERENCES "public"."wms_order"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "user_carrier_id_idx" ON "user" USING btree ("carrier_id");
--> statement-breakpoint
CREATE INDEX "wms_order_source_order_id_idx" ON "wms_order" USING btree ("source_order_id");
--> statement-breakpoint
-- hand-written: at most one confirmed offer per shipment ticket (confirmation locks the ticket; this is the last word).
CREATE UNIQUE INDEX "freight_offer_one_confirmed_uq" ON "freight_offer" USING btree ("ticket_id") WHERE "status_code" = 'confirmed';
--> statement-breakpoint
-- Find transport reads an account's published tickets by pickup time; the calendar reads dates by range.
CREATE INDEX "shipment_ticket_status_pickup_idx" ON "shipment_ticket" USING btree ("client_account_id","status_code","pickup_time");
--> statement-breakpoint
CREATE INDEX "calendar_event_start_idx" ON "calendar_event" USING btree ("client_account_id","start_date");
--> statement-breakpoint
CREATE INDEX "wms_document_planned_idx" ON "wms_document" USING btree ("client_account_id","planned_date");
--> statement-breakpoint
CREATE INDEX "wms_order_planned_idx" ON "wms_order" USING btree ("client_account_id","planned_date");
