CREATE TABLE "catalogue_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"door" text NOT NULL,
	"digest" char(64) NOT NULL,
	"summary" jsonb NOT NULL,
	"diff" jsonb NOT NULL,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "withdrawn_reason" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "withdrawn_by" text;--> statement-breakpoint
CREATE INDEX "catalogue_changes_occurred_at" ON "catalogue_changes" USING btree ("occurred_at");