CREATE TABLE "computer_vision" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"user_id" uuid,
	"person_id" uuid,
	"descriptors" jsonb,
	"descriptor_count" integer,
	"source" text DEFAULT 'camera',
	"enrolled_by_id" uuid,
	"enrolled_at" timestamp with time zone
);

--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "face_database_enabled" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "computer_vision" ADD CONSTRAINT "computer_vision_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "computer_vision" ADD CONSTRAINT "computer_vision_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "computer_vision" ADD CONSTRAINT "computer_vision_person_id_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."person"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "computer_vision" ADD CONSTRAINT "computer_vision_enrolled_by_id_user_id_fk" FOREIGN KEY ("enrolled_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "computer_vision_account_idx" ON "computer_vision" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE INDEX "computer_vision_user_id_idx" ON "computer_vision" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "computer_vision_person_id_idx" ON "computer_vision" USING btree ("person_id");
--> statement-breakpoint
CREATE INDEX "computer_vision_enrolled_by_id_idx" ON "computer_vision" USING btree ("enrolled_by_id");

--> statement-breakpoint
-- hand-written: one face-database row per user and per contact (enrolment adds to it); the terminals' change
-- log for the face database (docs/faces.md); its rows re-logged whenever the company switches face recognition
-- on or off, so devices fetch them, or drop them, at once.
CREATE UNIQUE INDEX "computer_vision_user_uq" ON "computer_vision" ("client_account_id", "user_id") WHERE "user_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "computer_vision_person_uq" ON "computer_vision" ("client_account_id", "person_id") WHERE "person_id" IS NOT NULL;
--> statement-breakpoint
CREATE TRIGGER "sync_change_trg" AFTER INSERT OR UPDATE OR DELETE ON "computer_vision" FOR EACH ROW EXECUTE FUNCTION sync_log_row('computerVision');
--> statement-breakpoint
ALTER TABLE "computer_vision" ENABLE ALWAYS TRIGGER "sync_change_trg";
--> statement-breakpoint
CREATE FUNCTION "sync_touch_faces"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sync_change (client_account_id, entity, record_id, xid, seq, action)
  SELECT f.client_account_id, 'computerVision', f.id, pg_current_xact_id(), nextval('sync_change_seq'), 'update'
  FROM computer_vision f WHERE f.client_account_id = NEW.id
  ON CONFLICT (client_account_id, entity, record_id)
  DO UPDATE SET xid = excluded.xid, seq = excluded.seq, action = excluded.action;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sync_faces_scope_trg" AFTER UPDATE OF "logistics_config" ON "client_account" FOR EACH ROW
  WHEN (coalesce((OLD.logistics_config -> 'terminal' ->> 'faceRecognition')::boolean, false)
    IS DISTINCT FROM coalesce((NEW.logistics_config -> 'terminal' ->> 'faceRecognition')::boolean, false))
  EXECUTE FUNCTION sync_touch_faces();
