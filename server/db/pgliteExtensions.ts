import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The PostgreSQL extensions the migrations use, for every PGlite the app, the tests and the benches open: a data
 * directory holding a trigram index cannot be read without pg_trgm loaded (migration 0012_product_search).
 */
export const pgliteExtensions = { pg_trgm };
