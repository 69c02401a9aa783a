ALTER TABLE "nft_artists" ADD COLUMN "texts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "nft_collections" ADD COLUMN "texts" jsonb DEFAULT '{}'::jsonb NOT NULL;