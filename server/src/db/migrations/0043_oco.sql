ALTER TABLE "spot_conditional_orders" ADD COLUMN "limit_price" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "spot_conditional_orders" ADD COLUMN "limit_order_id" bigint;