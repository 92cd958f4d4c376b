CREATE TABLE "telemetry_errors_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"errors" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"session" text NOT NULL,
	"path" text NOT NULL,
	"name" text,
	"outcome" text,
	"message" text,
	"stack" text
);
--> statement-breakpoint
CREATE TABLE "telemetry_events_daily" (
	"day" date NOT NULL,
	"name" text NOT NULL,
	"outcome" text NOT NULL,
	"events" bigint NOT NULL,
	CONSTRAINT "telemetry_events_daily_day_name_outcome_pk" PRIMARY KEY("day","name","outcome")
);
--> statement-breakpoint
CREATE TABLE "telemetry_page_views_daily" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"views" bigint NOT NULL,
	CONSTRAINT "telemetry_page_views_daily_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
CREATE INDEX "telemetry_events_occurred_idx" ON "telemetry_events" USING btree ("occurred_at");