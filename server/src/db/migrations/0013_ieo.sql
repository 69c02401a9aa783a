CREATE TABLE "ieo_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32),
	"name" varchar(64) NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"coin_id" integer NOT NULL,
	"pay_currency_id" integer NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"total" numeric(38, 18) NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"max_amount" numeric(38, 18) NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"lock_days" integer NOT NULL,
	"listing_at" timestamp with time zone,
	"credit_at" timestamp with time zone NOT NULL,
	"whitepaper" varchar(200) DEFAULT '' NOT NULL,
	"website" varchar(200) DEFAULT '' NOT NULL,
	"applied" numeric(38, 18) DEFAULT '0' NOT NULL,
	"passed" numeric(38, 18),
	"status" varchar(12) DEFAULT 'open' NOT NULL,
	"allocated_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ieo_projects_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "ieo_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ieo_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"pay" numeric(38, 18) NOT NULL,
	"hold_id" integer NOT NULL,
	"status" varchar(12) NOT NULL,
	"passed" numeric(38, 18),
	"paid" numeric(38, 18),
	"refund" numeric(38, 18),
	"allocate_tx_id" bigint,
	"credit_tx_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"allocated_at" timestamp with time zone,
	"credited_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ieo_orders" ADD CONSTRAINT "ieo_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ieo_orders" ADD CONSTRAINT "ieo_orders_project_id_ieo_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."ieo_projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ieo_orders" ADD CONSTRAINT "ieo_orders_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ieo_orders" ADD CONSTRAINT "ieo_orders_allocate_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("allocate_tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ieo_orders" ADD CONSTRAINT "ieo_orders_credit_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("credit_tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ieo_projects_due_idx" ON "ieo_projects" USING btree ("end_at") WHERE "ieo_projects"."status" = 'open';--> statement-breakpoint
CREATE INDEX "ieo_orders_user_idx" ON "ieo_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "ieo_orders_user_project_idx" ON "ieo_orders" USING btree ("user_id","project_id");--> statement-breakpoint
CREATE INDEX "ieo_orders_open_idx" ON "ieo_orders" USING btree ("project_id","status","id") WHERE "ieo_orders"."status" in ('applied', 'allocated');