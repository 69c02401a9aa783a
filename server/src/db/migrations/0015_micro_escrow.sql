DROP INDEX "micro_orders_due_idx";--> statement-breakpoint
ALTER TABLE "micro_orders" ALTER COLUMN "hold_id" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "micro_orders_due_shard_idx" ON "micro_orders" USING btree (("user_id" % 16),"end_at","user_id","id") WHERE "micro_orders"."status" = 'holding';