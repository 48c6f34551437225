ALTER TABLE "user" ADD COLUMN "list_columns" jsonb;
