CREATE TABLE "printer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"label_width_mm" double precision NOT NULL,
	"label_height_mm" double precision NOT NULL,
	"dpi" text NOT NULL
);

--> statement-breakpoint
CREATE TABLE "print_layout" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"object_type" text NOT NULL,
	"paper" text NOT NULL,
	"label_width_mm" double precision DEFAULT 100,
	"label_height_mm" double precision DEFAULT 60,
	"is_default" boolean DEFAULT false NOT NULL,
	"content" text NOT NULL
);

--> statement-breakpoint
ALTER TABLE "printer" ADD CONSTRAINT "printer_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "print_layout" ADD CONSTRAINT "print_layout_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "printer_account_idx" ON "printer" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "printer_name_uq" ON "printer" USING btree ("client_account_id","name");
--> statement-breakpoint
CREATE INDEX "print_layout_account_idx" ON "print_layout" USING btree ("client_account_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "print_layout_name_uq" ON "print_layout" USING btree ("client_account_id","name");
