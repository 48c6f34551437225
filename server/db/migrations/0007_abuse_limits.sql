CREATE TABLE "rate_limit_hit" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"hits" timestamp with time zone[] NOT NULL,
	"allowed" boolean NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_hit_bucket_key_pk" PRIMARY KEY("bucket","key")
);

--> statement-breakpoint
DROP TABLE "sign_in_attempt" CASCADE;
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "session_epoch" integer DEFAULT 0;
--> statement-breakpoint
CREATE INDEX "rate_limit_hit_last_idx" ON "rate_limit_hit" USING btree ("last_at");
