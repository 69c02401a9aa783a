ALTER TABLE "micro_orders" DROP CONSTRAINT "micro_orders_settle_tx_id_ledger_transactions_id_fk";
