-- A request sent with an Idempotency-Key (a purchase, a share's payment) is answered once: the first send claims
-- its key here (the primary key makes concurrent sends of one key claim it once), runs, and keeps its answer; a
-- repeat with the same body within a day gets that answer, one with another body is refused. `answer` null: the
-- first send is still running (or failed, and its row was removed so the key may be sent again).
CREATE TABLE "idempotent_requests" (
	"scope" text NOT NULL,
	"owner" text NOT NULL,
	"key" text NOT NULL,
	"body_hash" text NOT NULL,
	"answer" jsonb,
	"started_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotent_requests_pk" PRIMARY KEY("scope","owner","key")
);--> statement-breakpoint
CREATE INDEX "idempotent_requests_created_idx" ON "idempotent_requests" ("created_at");
