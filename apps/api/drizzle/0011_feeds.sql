CREATE TABLE "feed_fetches_daily" (
	"day" date NOT NULL,
	"feed" text NOT NULL,
	"fetches" bigint NOT NULL,
	CONSTRAINT "feed_fetches_daily_day_feed_pk" PRIMARY KEY("day","feed")
);
--> statement-breakpoint
CREATE TABLE "feed_tokens" (
	"token_digest" text PRIMARY KEY NOT NULL,
	"registration_digest" text NOT NULL,
	"generation" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "feed_tokens_registration_generation_unique" UNIQUE("registration_digest","generation")
);
