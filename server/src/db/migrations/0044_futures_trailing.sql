ALTER TABLE "lever_positions" ALTER COLUMN "close_reason" SET DATA TYPE varchar(16);--> statement-breakpoint
ALTER TABLE "lever_positions" ADD COLUMN "trail_percent" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "lever_positions" ADD COLUMN "trail_distance" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "lever_positions" ADD COLUMN "trail_best_price" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "lever_positions" ADD COLUMN "trail_set_at" timestamp with time zone;