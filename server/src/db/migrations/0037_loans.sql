CREATE TABLE "loan_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"collateral_currency_id" integer NOT NULL,
	"pair_id" integer NOT NULL,
	"loan_currency_id" integer NOT NULL,
	"initial_ltv" numeric(38, 18) NOT NULL,
	"margin_call_ltv" numeric(38, 18) NOT NULL,
	"liquidation_ltv" numeric(38, 18) NOT NULL,
	"hourly_rate" numeric(38, 18) NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"max_amount" numeric(38, 18) NOT NULL,
	"terms" jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"amount" numeric(38, 18),
	"interest" numeric(38, 18),
	"principal" numeric(38, 18),
	"price" numeric(38, 18),
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"terms_id" integer NOT NULL,
	"collateral_currency_id" integer NOT NULL,
	"pair_id" integer NOT NULL,
	"loan_currency_id" integer NOT NULL,
	"collateral" numeric(38, 18) NOT NULL,
	"holds" jsonb NOT NULL,
	"borrowed" numeric(38, 18) NOT NULL,
	"principal" numeric(38, 18) NOT NULL,
	"interest_due" numeric(38, 18) DEFAULT '0' NOT NULL,
	"interest_paid" numeric(38, 18) DEFAULT '0' NOT NULL,
	"hourly_rate" numeric(38, 18) NOT NULL,
	"initial_ltv" numeric(38, 18) NOT NULL,
	"margin_call_ltv" numeric(38, 18) NOT NULL,
	"liquidation_ltv" numeric(38, 18) NOT NULL,
	"term_days" integer NOT NULL,
	"due_at" timestamp with time zone,
	"charged_through_hour" integer NOT NULL,
	"status" varchar(12) NOT NULL,
	"margin_called_at" timestamp with time zone,
	"liq_price" numeric(38, 18),
	"liq_ts" bigint,
	"liq_source" varchar(32),
	"liq_proceeds" numeric(38, 18),
	"liq_repaid" numeric(38, 18),
	"liq_returned" numeric(38, 18),
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "loan_events" ADD CONSTRAINT "loan_events_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_terms_id_loan_terms_id_fk" FOREIGN KEY ("terms_id") REFERENCES "public"."loan_terms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_terms_collateral_idx" ON "loan_terms" USING btree ("collateral_currency_id");--> statement-breakpoint
CREATE INDEX "loan_events_loan_idx" ON "loan_events" USING btree ("loan_id","id");--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "loans_open_idx" ON "loans" USING btree ("charged_through_hour","id") WHERE "loans"."status" = 'open';