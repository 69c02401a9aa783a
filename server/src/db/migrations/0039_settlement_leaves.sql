CREATE TABLE "settlement_leaf_sets" (
	"record_ref" varchar(64) PRIMARY KEY NOT NULL,
	"refs" text[] NOT NULL,
	"bodies" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "settlement_leaf_sets_refs" ON "settlement_leaf_sets" USING gin ("refs");