CREATE TABLE "recurring_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pair_id" integer NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"period" varchar(8) NOT NULL,
	"weekday" smallint,
	"month_day" smallint,
	"hour" smallint NOT NULL,
	"max_slippage" numeric(38, 18) NOT NULL,
	"status" varchar(8) NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_period" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"period_at" timestamp with time zone NOT NULL,
	"status" varchar(8) NOT NULL,
	"reason" varchar(24),
	"order_id" integer,
	"spent" numeric(38, 18),
	"got" numeric(38, 18),
	"fee" numeric(38, 18),
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recurring_plans" ADD CONSTRAINT "recurring_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_runs" ADD CONSTRAINT "recurring_runs_plan_id_recurring_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."recurring_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_plans_user_idx" ON "recurring_plans" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "recurring_plans_due_idx" ON "recurring_plans" USING btree ("next_run_at","id") WHERE "recurring_plans"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_runs_period_idx" ON "recurring_runs" USING btree ("plan_id","period_at");--> statement-breakpoint
CREATE INDEX "recurring_runs_pending_idx" ON "recurring_runs" USING btree ("id") WHERE "recurring_runs"."status" = 'pending';