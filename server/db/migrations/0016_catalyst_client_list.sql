-- hand-written: a client account's catalogue (the as-client list and its count) is the company's catalysts that
-- are not hidden from clients, page by page in name order. This partial index holds exactly those rows in that
-- order, so a page — even a deep one — and the count are read from the index alone (an index-only scan), instead
-- of every catalyst of the company being read and sorted. The index of all catalysts in name order
-- (catalyst_account_name_idx) stays for the staff's general catalogue, which lists hidden catalysts too.
CREATE INDEX IF NOT EXISTS "catalyst_client_list_idx" ON "catalyst" USING btree ("client_account_id", "name", "id") WHERE "hidden_from_clients" = false;
