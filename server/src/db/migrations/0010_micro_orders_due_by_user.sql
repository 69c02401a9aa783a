DROP INDEX "micro_orders_due_idx";--> statement-breakpoint
CREATE INDEX "micro_orders_due_idx" ON "micro_orders" USING btree ("end_at","user_id","id") WHERE "micro_orders"."status" = 'holding';