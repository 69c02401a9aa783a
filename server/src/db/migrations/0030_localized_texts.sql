ALTER TABLE "lock_products" ADD COLUMN "texts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ieo_projects" ADD COLUMN "texts" jsonb DEFAULT '{}'::jsonb NOT NULL;