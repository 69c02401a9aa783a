CREATE TABLE "candles" (
	"pair_id" integer NOT NULL,
	"period" varchar(8) NOT NULL,
	"time" bigint NOT NULL,
	"open" numeric(30, 10) NOT NULL,
	"high" numeric(30, 10) NOT NULL,
	"low" numeric(30, 10) NOT NULL,
	"close" numeric(30, 10) NOT NULL,
	"volume" numeric(38, 10) NOT NULL,
	CONSTRAINT "candles_pair_id_period_time_pk" PRIMARY KEY("pair_id","period","time")
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "favorites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "favorites_user_currency" UNIQUE("user_id","currency_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner" varchar(40) NOT NULL,
	"user_id" integer,
	"currency_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"available" numeric(38, 18) DEFAULT '0' NOT NULL,
	"held" numeric(38, 18) DEFAULT '0' NOT NULL,
	"allow_negative" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_non_negative" CHECK ("ledger_accounts"."allow_negative" OR ("ledger_accounts"."available" >= 0 AND "ledger_accounts"."held" >= 0))
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(32) NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"user_id" integer,
	"demo" boolean DEFAULT false NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tx_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"bucket" varchar(9) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"balance_after" numeric(38, 18) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_holds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"status" varchar(8) DEFAULT 'held' NOT NULL,
	"hold_tx_id" bigint NOT NULL,
	"close_tx_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" varchar(64) NOT NULL,
	"request_hash" char(64) NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "recharges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recharges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"currency" varchar(8) NOT NULL,
	"network" varchar(8) NOT NULL,
	"account" varchar(8) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"voucher" text NOT NULL,
	"status" varchar(10) DEFAULT 'review' NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"reviewed_by" integer,
	"tx_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"currency" varchar(8) NOT NULL,
	"method" varchar(16) NOT NULL,
	"network" varchar(8),
	"destination" text NOT NULL,
	"payee" jsonb NOT NULL,
	"account" varchar(8) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"btc_value" numeric(38, 18) NOT NULL,
	"status" varchar(10) DEFAULT 'review' NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"hold_id" integer NOT NULL,
	"tx_id" bigint,
	"reviewed_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"details" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"currency" varchar(8) NOT NULL,
	"network" varchar(8) NOT NULL,
	"name" varchar(200) NOT NULL,
	"address" varchar(128) NOT NULL,
	"qrcode" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"real_type" smallint NOT NULL,
	"id_type" varchar(16),
	"name" varchar(200) DEFAULT '' NOT NULL,
	"card_id" varchar(32) DEFAULT '' NOT NULL,
	"front_pic" text DEFAULT '' NOT NULL,
	"reverse_pic" text DEFAULT '' NOT NULL,
	"hand_pic" text DEFAULT '' NOT NULL,
	"state" varchar(10) DEFAULT 'review' NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"reviewed_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"admin_id" integer NOT NULL,
	"action" varchar(48) NOT NULL,
	"entity" varchar(32) NOT NULL,
	"entity_id" integer NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pay_password_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pay_password_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" varchar(8) DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_tx_id_ledger_transactions_id_fk" FOREIGN KEY ("tx_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_addresses" ADD CONSTRAINT "wallet_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_submissions" ADD CONSTRAINT "identity_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_submissions" ADD CONSTRAINT "identity_submissions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_owner_unique" ON "ledger_accounts" USING btree ("owner","currency_id","type");--> statement-breakpoint
CREATE INDEX "ledger_accounts_user_idx" ON "ledger_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_user_idx" ON "ledger_transactions" USING btree ("user_id","kind","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_tx_idx" ON "ledger_entries" USING btree ("tx_id");--> statement-breakpoint
CREATE INDEX "ledger_holds_account_idx" ON "ledger_holds" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "recharges_user_idx" ON "recharges" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "recharges_status_idx" ON "recharges" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_user_kind_unique" ON "bank_cards" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "wallet_addresses_user_idx" ON "wallet_addresses" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_addresses_unique" ON "wallet_addresses" USING btree ("user_id","currency","network","address");--> statement-breakpoint
CREATE INDEX "identity_submissions_user_idx" ON "identity_submissions" USING btree ("user_id","real_type","id");--> statement-breakpoint
CREATE INDEX "identity_submissions_state_idx" ON "identity_submissions" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_admin_idx" ON "audit_log" USING btree ("admin_id","id");