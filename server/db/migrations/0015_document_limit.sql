CREATE TABLE "account_document_month" (
	"client_account_id" uuid NOT NULL,
	"month" text NOT NULL,
	"documents" integer NOT NULL,
	CONSTRAINT "account_document_month_client_account_id_month_pk" PRIMARY KEY("client_account_id","month")
);

--> statement-breakpoint
ALTER TABLE "client_account" ALTER COLUMN "monthly_document_limit" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "client_account" ALTER COLUMN "monthly_document_limit" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "account_document_month" ADD CONSTRAINT "account_document_month_client_account_id_client_account_id_fk" FOREIGN KEY ("client_account_id") REFERENCES "public"."client_account"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- hand-written: accounts still at the old column default (1000, which no screen could set) had no limit chosen
-- for them: they become "no limit", which is what an unset limit means now.
UPDATE "client_account" SET "monthly_document_limit" = NULL WHERE "monthly_document_limit" = 1000;
