CREATE TABLE "sync_change" (
	"client_account_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"record_id" uuid NOT NULL,
	"xid" "xid8" NOT NULL,
	"seq" bigint NOT NULL,
	"action" text NOT NULL,
	"contractor_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	CONSTRAINT "sync_change_pk" PRIMARY KEY("client_account_id","entity","record_id")
);

--> statement-breakpoint
CREATE TABLE "sync_device" (
	"client_account_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"last_mutation_id" bigint DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_device_pk" PRIMARY KEY("client_account_id","device_id","user_id")
);

--> statement-breakpoint
CREATE TABLE "sync_mutation" (
	"client_account_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"device_id" text,
	"mutation_id" bigint,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"xid" "xid8" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

--> statement-breakpoint
ALTER TABLE "sync_device" ADD CONSTRAINT "sync_device_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sync_mutation" ADD CONSTRAINT "sync_mutation_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "sync_change_feed_idx" ON "sync_change" USING btree ("client_account_id","xid","seq");
--> statement-breakpoint
CREATE UNIQUE INDEX "sync_mutation_key_uq" ON "sync_mutation" USING btree ("client_account_id","idempotency_key");
--> statement-breakpoint
CREATE INDEX "sync_mutation_device_idx" ON "sync_mutation" USING btree ("client_account_id","device_id","user_id","mutation_id");
--> statement-breakpoint
-- Hand-written: the change log is written by triggers (docs/sync-contract.md §1), so no write path can forget it.
CREATE SEQUENCE "sync_change_seq" AS bigint;
--> statement-breakpoint
-- One upsert per changed row: the record's last change, in this transaction (xid) and a fresh seq.
CREATE FUNCTION "sync_log_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO sync_change (client_account_id, entity, record_id, xid, seq, action)
    VALUES (OLD.client_account_id, TG_ARGV[0], OLD.id, pg_current_xact_id(), nextval('sync_change_seq'), 'delete')
    ON CONFLICT (client_account_id, entity, record_id)
    DO UPDATE SET xid = excluded.xid, seq = excluded.seq, action = excluded.action;
  ELSE
    INSERT INTO sync_change (client_account_id, entity, record_id, xid, seq, action)
    VALUES (NEW.client_account_id, TG_ARGV[0], NEW.id, pg_current_xact_id(), nextval('sync_change_seq'), lower(TG_OP))
    ON CONFLICT (client_account_id, entity, record_id)
    DO UPDATE SET xid = excluded.xid, seq = excluded.seq, action = excluded.action;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The same for rows with a contractor: contractor_ids collects every contractor the record has had (a tombstone
-- reaches exactly those); the array is rebuilt only in the rare case of a new contractor.
CREATE FUNCTION "sync_log_contractor_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    ids := CASE WHEN OLD.contractor_id IS NULL THEN '{}'::uuid[] ELSE ARRAY[OLD.contractor_id] END;
    INSERT INTO sync_change AS c (client_account_id, entity, record_id, xid, seq, action, contractor_ids)
    VALUES (OLD.client_account_id, TG_ARGV[0], OLD.id, pg_current_xact_id(), nextval('sync_change_seq'), 'delete', ids)
    ON CONFLICT (client_account_id, entity, record_id)
    DO UPDATE SET xid = excluded.xid, seq = excluded.seq, action = excluded.action,
      contractor_ids = CASE WHEN excluded.contractor_ids <@ c.contractor_ids THEN c.contractor_ids
        ELSE ARRAY(SELECT DISTINCT u FROM unnest(c.contractor_ids || excluded.contractor_ids) u) END;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.contractor_id IS DISTINCT FROM NEW.contractor_id THEN
    ids := array_remove(ARRAY[OLD.contractor_id, NEW.contractor_id], NULL);
  ELSE
    ids := CASE WHEN NEW.contractor_id IS NULL THEN '{}'::uuid[] ELSE ARRAY[NEW.contractor_id] END;
  END IF;
  INSERT INTO sync_change AS c (client_account_id, entity, record_id, xid, seq, action, contractor_ids)
  VALUES (NEW.client_account_id, TG_ARGV[0], NEW.id, pg_current_xact_id(), nextval('sync_change_seq'), lower(TG_OP), ids)
  ON CONFLICT (client_account_id, entity, record_id)
  DO UPDATE SET xid = excluded.xid, seq = excluded.seq, action = excluded.action,
    contractor_ids = CASE WHEN excluded.contractor_ids <@ c.contractor_ids THEN c.contractor_ids
      ELSE ARRAY(SELECT DISTINCT u FROM unnest(c.contractor_ids || excluded.contractor_ids) u) END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Records whose scope follows another record's: an order entering or leaving the floor's statuses takes its
-- positions, its documents and their positions with it (they are logged again, so the feed re-evaluates them).
CREATE FUNCTION "sync_touch_order_dependents"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sync_change AS c (client_account_id, entity, record_id, xid, seq, action, contractor_ids)
  SELECT p.client_account_id, 'wmsOrderPosition', p.id, pg_current_xact_id(), nextval('sync_change_seq'), 'update', '{}'::uuid[]
  FROM wms_order_position p WHERE p.order_id = NEW.id
  UNION ALL
  SELECT d.client_account_id, 'wmsDocument', d.id, pg_current_xact_id(), nextval('sync_change_seq'), 'update',
    CASE WHEN d.contractor_id IS NULL THEN '{}'::uuid[] ELSE ARRAY[d.contractor_id] END
  FROM wms_document d WHERE d.order_id = NEW.id
  UNION ALL
  SELECT p.client_account_id, 'wmsDocumentPosition', p.id, pg_current_xact_id(), nextval('sync_change_seq'), 'update', '{}'::uuid[]
  FROM wms_document d JOIN wms_document_position p ON p.document_id = d.id WHERE d.order_id = NEW.id
  ON CONFLICT (client_account_id, entity, record_id)
  DO UPDATE SET xid = excluded.xid, seq = excluded.seq, action = excluded.action,
    contractor_ids = CASE WHEN excluded.contractor_ids <@ c.contractor_ids THEN c.contractor_ids
      ELSE ARRAY(SELECT DISTINCT u FROM unnest(c.contractor_ids || excluded.contractor_ids) u) END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A document leaving (or entering) the working copies, or moving to another order, takes its positions along.
CREATE FUNCTION "sync_touch_document_positions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sync_change (client_account_id, entity, record_id, xid, seq, action)
  SELECT p.client_account_id, 'wmsDocumentPosition', p.id, pg_current_xact_id(), nextval('sync_change_seq'), 'update'
  FROM wms_document_position p WHERE p.document_id = NEW.id
  ON CONFLICT (client_account_id, entity, record_id)
  DO UPDATE SET xid = excluded.xid, seq = excluded.seq, action = excluded.action;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The account's logistics config is one replicated record (id = the account id).
CREATE FUNCTION "sync_log_logistics_config"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sync_change (client_account_id, entity, record_id, xid, seq, action)
  VALUES (NEW.id, 'logisticsConfig', NEW.id, pg_current_xact_id(), nextval('sync_change_seq'), lower(TG_OP))
  ON CONFLICT (client_account_id, entity, record_id)
  DO UPDATE SET xid = excluded.xid, seq = excluded.seq, action = excluded.action;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A deleted account takes its change log with it. Deferred to commit: cascaded deletes log their tombstones at the
-- end of the statement, after any ordinary trigger of client_account.
CREATE FUNCTION "sync_forget_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sync_change WHERE client_account_id = OLD.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sync_change_trg" AFTER INSERT OR UPDATE OR DELETE ON "product" FOR EACH ROW EXECUTE FUNCTION sync_log_contractor_row('product');
--> statement-breakpoint
CREATE TRIGGER "sync_change_trg" AFTER INSERT OR UPDATE OR DELETE ON "product_group" FOR EACH ROW EXECUTE FUNCTION sync_log_row('productGroup');
--> statement-breakpoint
CREATE TRIGGER "sync_change_trg" AFTER INSERT OR UPDATE OR DELETE ON "storage_space" FOR EACH ROW EXECUTE FUNCTION sync_log_row('storageSpace');
--> statement-breakpoint
CREATE TRIGGER "sync_change_trg" AFTER INSERT OR UPDATE OR DELETE ON "storage_space_type" FOR EACH ROW EXECUTE FUNCTION sync_log_row('storageSpaceType');
--> statement-breakpoint
CREATE TRIGGER "sync_change_trg" AFTER INSERT OR UPDATE OR DELETE ON "company" FOR EACH ROW EXECUTE FUNCTION sync_log_row('company');
--> statement-breakpoint
CREATE TRIGGER "sync_change_trg" AFTER INSERT OR UPDATE OR DELETE ON "stock" FOR EACH ROW EXECUTE FUNCTION sync_log_contractor_row('stock');
--> statement-breakpoint
CREATE TRIGGER "sync_change_trg" AFTER INSERT OR UPDATE OR DELETE ON "wms_order" FOR EACH ROW EXECUTE FUNCTION sync_log_contractor_row('wmsOrder');
--> statement-breakpoint
CREATE TRIGGER "sync_scope_trg" AFTER UPDATE OF "status_code" ON "wms_order" FOR EACH ROW
  WHEN (coalesce(OLD.status_code IN ('waitingToProcess', 'inProgress', 'doneUnconfirmed'), false)
    IS DISTINCT FROM coalesce(NEW.status_code IN ('waitingToProcess', 'inProgress', 'doneUnconfirmed'), false))
  EXECUTE FUNCTION sync_touch_order_dependents();
--> statement-breakpoint
CREATE TRIGGER "sync_change_trg" AFTER INSERT OR UPDATE OR DELETE ON "wms_order_position" FOR EACH ROW EXECUTE FUNCTION sync_log_row('wmsOrderPosition');
--> statement-breakpoint
CREATE TRIGGER "sync_change_trg" AFTER INSERT OR UPDATE OR DELETE ON "wms_document" FOR EACH ROW EXECUTE FUNCTION sync_log_contractor_row('wmsDocument');
--> statement-breakpoint
CREATE TRIGGER "sync_scope_trg" AFTER UPDATE OF "status_code", "order_id" ON "wms_document" FOR EACH ROW
  WHEN (coalesce(OLD.status_code = 'workingCopy', false) IS DISTINCT FROM coalesce(NEW.status_code = 'workingCopy', false)
    OR OLD.order_id IS DISTINCT FROM NEW.order_id)
  EXECUTE FUNCTION sync_touch_document_positions();
--> statement-breakpoint
CREATE TRIGGER "sync_change_trg" AFTER INSERT OR UPDATE OR DELETE ON "wms_document_position" FOR EACH ROW EXECUTE FUNCTION sync_log_row('wmsDocumentPosition');
--> statement-breakpoint
CREATE TRIGGER "sync_config_insert_trg" AFTER INSERT ON "client_account" FOR EACH ROW EXECUTE FUNCTION sync_log_logistics_config();
--> statement-breakpoint
CREATE TRIGGER "sync_config_update_trg" AFTER UPDATE OF "logistics_config" ON "client_account" FOR EACH ROW
  WHEN (OLD.logistics_config IS DISTINCT FROM NEW.logistics_config)
  EXECUTE FUNCTION sync_log_logistics_config();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sync_forget_trg" AFTER DELETE ON "client_account" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION sync_forget_account();
--> statement-breakpoint
-- Bulk loads that switch triggers off (session_replication_role = replica: demo data, account deletion) must
-- still log: these fire always.
ALTER TABLE "product" ENABLE ALWAYS TRIGGER "sync_change_trg";
--> statement-breakpoint
ALTER TABLE "product_group" ENABLE ALWAYS TRIGGER "sync_change_trg";
--> statement-breakpoint
ALTER TABLE "storage_space" ENABLE ALWAYS TRIGGER "sync_change_trg";
--> statement-breakpoint
ALTER TABLE "storage_space_type" ENABLE ALWAYS TRIGGER "sync_change_trg";
--> statement-breakpoint
ALTER TABLE "company" ENABLE ALWAYS TRIGGER "sync_change_trg";
--> statement-breakpoint
ALTER TABLE "stock" ENABLE ALWAYS TRIGGER "sync_change_trg";
--> statement-breakpoint
ALTER TABLE "wms_order" ENABLE ALWAYS TRIGGER "sync_change_trg";
--> statement-breakpoint
ALTER TABLE "wms_order" ENABLE ALWAYS TRIGGER "sync_scope_trg";
--> statement-breakpoint
ALTER TABLE "wms_order_position" ENABLE ALWAYS TRIGGER "sync_change_trg";
--> statement-breakpoint
ALTER TABLE "wms_document" ENABLE ALWAYS TRIGGER "sync_change_trg";
--> statement-breakpoint
ALTER TABLE "wms_document" ENABLE ALWAYS TRIGGER "sync_scope_trg";
--> statement-breakpoint
ALTER TABLE "wms_document_position" ENABLE ALWAYS TRIGGER "sync_change_trg";
--> statement-breakpoint
ALTER TABLE "client_account" ENABLE ALWAYS TRIGGER "sync_config_insert_trg";
--> statement-breakpoint
ALTER TABLE "client_account" ENABLE ALWAYS TRIGGER "sync_config_update_trg";
--> statement-breakpoint
ALTER TABLE "client_account" ENABLE ALWAYS TRIGGER "sync_forget_trg";
--> statement-breakpoint
-- Backfill: every existing record is one change of this migration's transaction.
INSERT INTO sync_change (client_account_id, entity, record_id, xid, seq, action, contractor_ids)
SELECT id, 'logisticsConfig', id, pg_current_xact_id(), nextval('sync_change_seq'), 'insert', '{}'::uuid[] FROM client_account
UNION ALL SELECT client_account_id, 'company', id, pg_current_xact_id(), nextval('sync_change_seq'), 'insert', '{}'::uuid[] FROM company
UNION ALL SELECT client_account_id, 'productGroup', id, pg_current_xact_id(), nextval('sync_change_seq'), 'insert', '{}'::uuid[] FROM product_group
UNION ALL SELECT client_account_id, 'storageSpaceType', id, pg_current_xact_id(), nextval('sync_change_seq'), 'insert', '{}'::uuid[] FROM storage_space_type
UNION ALL SELECT client_account_id, 'storageSpace', id, pg_current_xact_id(), nextval('sync_change_seq'), 'insert', '{}'::uuid[] FROM storage_space
UNION ALL SELECT client_account_id, 'product', id, pg_current_xact_id(), nextval('sync_change_seq'), 'insert',
  CASE WHEN contractor_id IS NULL THEN '{}'::uuid[] ELSE ARRAY[contractor_id] END FROM product
UNION ALL SELECT client_account_id, 'stock', id, pg_current_xact_id(), nextval('sync_change_seq'), 'insert',
  CASE WHEN contractor_id IS NULL THEN '{}'::uuid[] ELSE ARRAY[contractor_id] END FROM stock
UNION ALL SELECT client_account_id, 'wmsOrder', id, pg_current_xact_id(), nextval('sync_change_seq'), 'insert',
  CASE WHEN contractor_id IS NULL THEN '{}'::uuid[] ELSE ARRAY[contractor_id] END FROM wms_order
UNION ALL SELECT client_account_id, 'wmsOrderPosition', id, pg_current_xact_id(), nextval('sync_change_seq'), 'insert', '{}'::uuid[] FROM wms_order_position
UNION ALL SELECT client_account_id, 'wmsDocument', id, pg_current_xact_id(), nextval('sync_change_seq'), 'insert',
  CASE WHEN contractor_id IS NULL THEN '{}'::uuid[] ELSE ARRAY[contractor_id] END FROM wms_document
UNION ALL SELECT client_account_id, 'wmsDocumentPosition', id, pg_current_xact_id(), nextval('sync_change_seq'), 'insert', '{}'::uuid[] FROM wms_document_position
ON CONFLICT DO NOTHING;
