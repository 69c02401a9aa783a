CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"currency_id" integer NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"cap" numeric(38, 18) NOT NULL,
	"bonus" numeric(38, 18) NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"total" integer NOT NULL,
	"claimed" integer DEFAULT 0 NOT NULL,
	"per_user" integer NOT NULL,
	"expires_at" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupons_claimed_check" CHECK ("coupons"."claimed" >= 0 AND "coupons"."claimed" <= "coupons"."total")
);
--> statement-breakpoint
CREATE TABLE "user_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"currency_id" integer NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"cap" numeric(38, 18) NOT NULL,
	"bonus" numeric(38, 18) NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"expires_at" bigint NOT NULL,
	"status" varchar(9) DEFAULT 'available' NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_ref" varchar(32),
	"saved" numeric(38, 18),
	"tx_id" bigint,
	CONSTRAINT "user_coupons_used_check" CHECK (("user_coupons"."status" = 'used') = ("user_coupons"."used_ref" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_coupons_user_idx" ON "user_coupons" USING btree ("user_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "user_coupons_coupon_user_idx" ON "user_coupons" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_coupons_used_ref_idx" ON "user_coupons" USING btree ("used_ref");