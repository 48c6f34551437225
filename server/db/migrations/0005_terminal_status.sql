CREATE TABLE "terminal_status" (
	"client_account_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"last_sync_at" timestamp with time zone,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminal_status_pk" PRIMARY KEY("client_account_id","device_id")
);

--> statement-breakpoint
ALTER TABLE "terminal_status" ADD CONSTRAINT "terminal_status_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
