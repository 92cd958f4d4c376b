CREATE TABLE "firmware_metadata" (
	"sequence" bigint PRIMARY KEY NOT NULL,
	"document" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_releases" (
	"version" text PRIMARY KEY NOT NULL,
	"instrument" text NOT NULL,
	"release_date" date NOT NULL,
	"release_notes" text NOT NULL,
	"update_file_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "firmware_releases" ADD CONSTRAINT "firmware_releases_update_file_id_files_id_fk" FOREIGN KEY ("update_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "firmware_releases_instrument" ON "firmware_releases" USING btree ("instrument");