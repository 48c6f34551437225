-- hand-written: products are found by any part of their index or name ("0456" finds "A-10456"), in the contractor
-- portal's catalogue and the product lists. A trigram index answers such infix searches without reading every
-- product of the company. pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it;
-- PGlite is opened with it (server/db/pgliteExtensions.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_search_trgm_idx" ON "product" USING gin ("index" gin_trgm_ops, "name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "portal_translation_name_trgm_idx" ON "portal_translation" USING gin ("name" gin_trgm_ops);
