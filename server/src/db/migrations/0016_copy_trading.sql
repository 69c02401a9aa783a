CREATE TABLE "follow_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"state" varchar(8) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "follow_traders" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"approved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_trader_stats" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"total_profit" numeric(38, 18) NOT NULL,
	"closed_orders" integer NOT NULL,
	"profitable_orders" integer NOT NULL,
	"margin_used" numeric(38, 18) NOT NULL,
	"followers" integer NOT NULL,
	"as_of" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"id" serial PRIMARY KEY NOT NULL,
	"follower_id" integer NOT NULL,
	"trader_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"number" numeric(38, 18) NOT NULL,
	"max_amount" numeric(38, 18),
	"state" varchar(9) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "copy_trades" (
	"id" serial PRIMARY KEY NOT NULL,
	"follow_id" integer NOT NULL,
	"follower_id" integer NOT NULL,
	"trader_id" integer NOT NULL,
	"trader_position_id" integer NOT NULL,
	"position_id" integer,
	"state" varchar(12) NOT NULL,
	"skip_reason" varchar(20),
	"trader_lots" integer NOT NULL,
	"lots" integer NOT NULL,
	"margin" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"self_held_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "follow_applications" ADD CONSTRAINT "follow_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_applications" ADD CONSTRAINT "follow_applications_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_traders" ADD CONSTRAINT "follow_traders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_trader_stats" ADD CONSTRAINT "follow_trader_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_trader_id_users_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_trades" ADD CONSTRAINT "copy_trades_follow_id_follows_id_fk" FOREIGN KEY ("follow_id") REFERENCES "public"."follows"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_trades" ADD CONSTRAINT "copy_trades_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_trades" ADD CONSTRAINT "copy_trades_trader_id_users_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_trades" ADD CONSTRAINT "copy_trades_trader_position_id_lever_positions_id_fk" FOREIGN KEY ("trader_position_id") REFERENCES "public"."lever_positions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_trades" ADD CONSTRAINT "copy_trades_position_id_lever_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."lever_positions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_applications_state_idx" ON "follow_applications" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "follow_applications_user_idx" ON "follow_applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "follows_active_unique" ON "follows" USING btree ("follower_id","trader_id") WHERE "follows"."state" = 'following';--> statement-breakpoint
CREATE INDEX "follows_trader_idx" ON "follows" USING btree ("trader_id","id") WHERE "follows"."state" = 'following';--> statement-breakpoint
CREATE INDEX "follows_follower_idx" ON "follows" USING btree ("follower_id","state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "copy_trades_once" ON "copy_trades" USING btree ("follow_id","trader_position_id");--> statement-breakpoint
CREATE UNIQUE INDEX "copy_trades_position_unique" ON "copy_trades" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "copy_trades_trader_position_idx" ON "copy_trades" USING btree ("trader_position_id");--> statement-breakpoint
CREATE INDEX "copy_trades_follower_idx" ON "copy_trades" USING btree ("follower_id","id");