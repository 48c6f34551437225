CREATE TABLE "portal_translation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"product_id" uuid NOT NULL,
	"language" text NOT NULL,
	"name" text NOT NULL,
	"description" text
);

--> statement-breakpoint
CREATE TABLE "shared_access" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"content_type" text NOT NULL,
	"recipient_contractor_id" uuid,
	"recipient_person_id" uuid,
	"contractor_id" uuid NOT NULL,
	"recipient_name" text,
	"duration_minutes" text NOT NULL,
	"single_use" boolean DEFAULT false NOT NULL,
	"token" text,
	"short_url_key" text,
	"token_hash" text,
	"key_hash" text,
	"is_available" boolean DEFAULT true NOT NULL,
	"end_reason" text,
	"expires_at" timestamp with time zone,
	"created_by_id" uuid,
	"created_by_name" text,
	"used_at" timestamp with time zone,
	"activation_count" integer DEFAULT 0,
	"last_activation_at" timestamp with time zone,
	"last_activation_ip" text,
	"withdrawed_at" timestamp with time zone,
	"withdrawed_by_id" uuid,
	"withdrawed_by_name" text
);

--> statement-breakpoint
CREATE TABLE "cart_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" numeric(18, 6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_line_user_product_uq" UNIQUE("user_id","product_id")
);

--> statement-breakpoint
CREATE TABLE "shared_access_attempt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"address" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);

--> statement-breakpoint
ALTER TABLE "portal_translation" ADD CONSTRAINT "portal_translation_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portal_translation" ADD CONSTRAINT "portal_translation_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shared_access" ADD CONSTRAINT "shared_access_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shared_access" ADD CONSTRAINT "shared_access_recipient_contractor_id_company_id_fk" FOREIGN KEY ("recipient_contractor_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shared_access" ADD CONSTRAINT "shared_access_recipient_person_id_person_id_fk" FOREIGN KEY ("recipient_person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shared_access" ADD CONSTRAINT "shared_access_contractor_id_company_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shared_access" ADD CONSTRAINT "shared_access_created_by_id_user_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shared_access" ADD CONSTRAINT "shared_access_withdrawed_by_id_user_id_fk" FOREIGN KEY ("withdrawed_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cart_line" ADD CONSTRAINT "cart_line_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cart_line" ADD CONSTRAINT "cart_line_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cart_line" ADD CONSTRAINT "cart_line_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "portal_translation_account_idx" ON "portal_translation" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "portal_translation_product_id_idx" ON "portal_translation" USING btree ("product_id");
--> statement-breakpoint
CREATE INDEX "shared_access_account_idx" ON "shared_access" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "shared_access_recipient_contractor_id_idx" ON "shared_access" USING btree ("recipient_contractor_id");
--> statement-breakpoint
CREATE INDEX "shared_access_recipient_person_id_idx" ON "shared_access" USING btree ("recipient_person_id");
--> statement-breakpoint
CREATE INDEX "shared_access_contractor_id_idx" ON "shared_access" USING btree ("contractor_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "shared_access_token_hash_uq" ON "shared_access" USING btree ("token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "shared_access_key_hash_uq" ON "shared_access" USING btree ("key_hash");
--> statement-breakpoint
CREATE INDEX "shared_access_created_by_id_idx" ON "shared_access" USING btree ("created_by_id");
--> statement-breakpoint
CREATE INDEX "shared_access_withdrawed_by_id_idx" ON "shared_access" USING btree ("withdrawed_by_id");
--> statement-breakpoint
CREATE INDEX "cart_line_account_user_idx" ON "cart_line" USING btree ("client_account_id","user_id");
--> statement-breakpoint
CREATE INDEX "cart_line_product_idx" ON "cart_line" USING btree ("product_id");
--> statement-breakpoint
CREATE INDEX "shared_access_attempt_address_idx" ON "shared_access_attempt" USING btree ("address","at");

-- hand-written: one translation per product and language (the portal shows the contractor's language).
--> statement-breakpoint
CREATE UNIQUE INDEX "portal_translation_product_language_uq" ON "portal_translation" USING btree ("client_account_id","product_id","language");
--> statement-breakpoint
-- A product hidden from the portal (or shown again, or given to another contractor) takes its stock rows along in
-- the change feed: they are logged again, so a contractor's replica gets their tombstones (or the rows) at once.
-- contractor_ids carries every contractor the rows concern, old and new (docs/sync-contract.md, "Change feed").
CREATE FUNCTION "sync_touch_product_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sync_change AS c (client_account_id, entity, record_id, xid, seq, action, contractor_ids)
  SELECT s.client_account_id, 'stock', s.id, pg_current_xact_id(), nextval('sync_change_seq'), 'update',
    ARRAY(SELECT DISTINCT u FROM unnest(ARRAY[s.contractor_id, OLD.contractor_id, NEW.contractor_id]) u WHERE u IS NOT NULL)
  FROM stock s WHERE s.client_account_id = NEW.client_account_id AND s.product_id = NEW.id
  ON CONFLICT (client_account_id, entity, record_id)
  DO UPDATE SET xid = excluded.xid, seq = excluded.seq, action = excluded.action,
    contractor_ids = CASE WHEN excluded.contractor_ids <@ c.contractor_ids THEN c.contractor_ids
      ELSE ARRAY(SELECT DISTINCT u FROM unnest(c.contractor_ids || excluded.contractor_ids) u) END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sync_scope_trg" AFTER UPDATE OF "hide_from_portal", "contractor_id" ON "product" FOR EACH ROW
  WHEN (OLD.hide_from_portal IS DISTINCT FROM NEW.hide_from_portal OR OLD.contractor_id IS DISTINCT FROM NEW.contractor_id)
  EXECUTE FUNCTION sync_touch_product_stock();
--> statement-breakpoint
ALTER TABLE "product" ENABLE ALWAYS TRIGGER "sync_scope_trg";
