-- Servers keep users' balances in memory for /wallet/list. Every committed change to a user's
-- ledger account is announced with the user's id, so each server process drops its copy at once,
-- whoever wrote it. PostgreSQL folds repeated identical notifications of one transaction into one.
CREATE OR REPLACE FUNCTION notify_balance_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL THEN
    PERFORM pg_notify('balance_changed', OLD.user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL THEN
    PERFORM pg_notify('balance_changed', NEW.user_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- System accounts (no user) are never cached; the conflict update that only locks a row
-- (`SET owner = excluded.owner`) changes no balance, but a new row is a new line in the list.
CREATE TRIGGER ledger_accounts_notify_inserted AFTER INSERT ON ledger_accounts
  FOR EACH ROW WHEN (NEW.user_id IS NOT NULL) EXECUTE FUNCTION notify_balance_changed();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_notify_changed AFTER UPDATE OF available, held, user_id, currency_id, type ON ledger_accounts
  FOR EACH ROW WHEN (OLD.user_id IS NOT NULL OR NEW.user_id IS NOT NULL) EXECUTE FUNCTION notify_balance_changed();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_notify_deleted AFTER DELETE ON ledger_accounts
  FOR EACH ROW WHEN (OLD.user_id IS NOT NULL) EXECUTE FUNCTION notify_balance_changed();
