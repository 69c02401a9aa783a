CREATE TABLE "proof_leaves" (
	"snapshot_id" integer NOT NULL,
	"idx" integer NOT NULL,
	"user_id" integer NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"user_hash" varchar(64) NOT NULL,
	"balances" jsonb NOT NULL,
	CONSTRAINT "proof_leaves_snapshot_id_idx_pk" PRIMARY KEY("snapshot_id","idx")
);
--> statement-breakpoint
CREATE TABLE "proof_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"trigger" varchar(8) NOT NULL,
	"day" integer,
	"staff_id" integer,
	"root_hash" varchar(64) NOT NULL,
	"scale" smallint NOT NULL,
	"currency_ids" jsonb NOT NULL,
	"currencies" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"leaf_count" integer NOT NULL,
	"user_count" integer NOT NULL,
	"reserves" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proof_leaves" ADD CONSTRAINT "proof_leaves_snapshot_id_proof_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."proof_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proof_leaves_user" ON "proof_leaves" USING btree ("snapshot_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proof_snapshots_day" ON "proof_snapshots" USING btree ("day");