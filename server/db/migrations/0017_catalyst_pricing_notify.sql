-- hand-written: a change of what prices a client's catalogue (the company's recycling config, metal and exchange
-- rates, client groups, individual rules) notifies channel aisle_catalyst_pricing with the company's id, by
-- trigger, so no write path (generic resources, the rates' refresh, the scheduler, imports) can forget it. On PGlite
-- (one process) the as-client list keeps its pricing snapshot in memory until such a notice
-- (server/catalyst/pricingCache.ts); NOTIFY is sent at commit, and never for a transaction that rolls back.
CREATE FUNCTION "catalyst_pricing_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('aisle_catalyst_pricing', OLD.client_account_id::text);
  ELSE
    PERFORM pg_notify('aisle_catalyst_pricing', NEW.client_account_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "catalyst_pricing_trg" AFTER INSERT OR UPDATE OR DELETE ON "catalyst_config" FOR EACH ROW EXECUTE FUNCTION catalyst_pricing_changed();
--> statement-breakpoint
CREATE TRIGGER "catalyst_pricing_trg" AFTER INSERT OR UPDATE OR DELETE ON "company_stock_rate_rule" FOR EACH ROW EXECUTE FUNCTION catalyst_pricing_changed();
--> statement-breakpoint
CREATE TRIGGER "catalyst_pricing_trg" AFTER INSERT OR UPDATE OR DELETE ON "company_currency_rate_rule" FOR EACH ROW EXECUTE FUNCTION catalyst_pricing_changed();
--> statement-breakpoint
CREATE TRIGGER "catalyst_pricing_trg" AFTER INSERT OR UPDATE OR DELETE ON "catalyst_user_group" FOR EACH ROW EXECUTE FUNCTION catalyst_pricing_changed();
--> statement-breakpoint
CREATE TRIGGER "catalyst_pricing_trg" AFTER INSERT OR UPDATE OR DELETE ON "catalyst_individual_rule" FOR EACH ROW EXECUTE FUNCTION catalyst_pricing_changed();
