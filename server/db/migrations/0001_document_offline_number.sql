ALTER TABLE "wms_document" ADD COLUMN "offline_number" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "wms_document_offline_number_uq" ON "wms_document" USING btree ("client_account_id","offline_number");
