ALTER TABLE "lever_positions" ADD COLUMN "close_price_at" bigint;--> statement-breakpoint
ALTER TABLE "lever_positions" ADD COLUMN "close_source" varchar(16);