ALTER TABLE "totp_factors" ALTER COLUMN "secret" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "totp_factors" ADD COLUMN "secret_sealed" varchar(200);--> statement-breakpoint
ALTER TABLE "totp_factors" ADD COLUMN "secret_key_id" varchar(16);