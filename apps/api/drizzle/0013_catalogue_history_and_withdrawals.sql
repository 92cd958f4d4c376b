CREATE TABLE "file_withdrawals" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"withdrawn_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"withdrawn_by" text NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "file_withdrawals" ADD CONSTRAINT "file_withdrawals_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_changes_occurred_at" ON "catalogue_changes" USING btree ("occurred_at");