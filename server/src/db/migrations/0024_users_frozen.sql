ALTER TABLE "users" ADD COLUMN "frozen_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "frozen_at" timestamp with time zone;