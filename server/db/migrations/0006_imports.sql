CREATE TABLE "import_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"template" text NOT NULL,
	"file_name" text,
	"mode" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_imported" integer DEFAULT 0 NOT NULL,
	"rows_skipped" integer DEFAULT 0 NOT NULL,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"bytes_read" integer DEFAULT 0 NOT NULL,
	"bytes_total" integer DEFAULT 0 NOT NULL,
	"warnings" jsonb,
	"sample" jsonb,
	"error_code" text,
	"error_params" jsonb,
	"cancel_requested" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);

--> statement-breakpoint
CREATE TABLE "import_problem" (
	"job_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"line" integer NOT NULL,
	"column" text,
	"code" text NOT NULL,
	"params" jsonb,
	CONSTRAINT "import_problem_pk" PRIMARY KEY("job_id","seq")
);

--> statement-breakpoint
ALTER TABLE "import_job" ADD CONSTRAINT "import_job_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "import_problem" ADD CONSTRAINT "import_problem_job_id_import_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_job"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "import_job_account_idx" ON "import_job" USING btree ("client_account_id","created_at");
