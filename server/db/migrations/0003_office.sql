CREATE TABLE "discussion" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"ref_resource_type" text NOT NULL,
	"ref_resource_id" text NOT NULL,
	"thread_key" text DEFAULT 'record' NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"audience" jsonb DEFAULT '{"kind":"record"}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone,
	"message_count" integer DEFAULT 0 NOT NULL
);

--> statement-breakpoint
CREATE TABLE "discussion_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"discussion_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"author_account_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"author_company" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

--> statement-breakpoint
CREATE TABLE "discussion_participant" (
	"discussion_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"client_account_id" uuid NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "discussion_participant_pk" PRIMARY KEY("discussion_id","user_id")
);

--> statement-breakpoint
ALTER TABLE "discussion" ADD CONSTRAINT "discussion_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "discussion_message" ADD CONSTRAINT "discussion_message_discussion_id_discussion_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussion"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "discussion_participant" ADD CONSTRAINT "discussion_participant_discussion_id_discussion_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussion"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "discussion_participant" ADD CONSTRAINT "discussion_participant_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "discussion_participant" ADD CONSTRAINT "discussion_participant_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_thread_uq" ON "discussion" USING btree ("client_account_id","ref_resource_type","ref_resource_id","thread_key");
--> statement-breakpoint
CREATE INDEX "discussion_message_thread_idx" ON "discussion_message" USING btree ("discussion_id","created_at");
--> statement-breakpoint
CREATE INDEX "discussion_participant_user_idx" ON "discussion_participant" USING btree ("user_id");
