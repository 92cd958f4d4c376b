CREATE TABLE "file_restorations" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"restored_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restorations" integer NOT NULL,
	"restored_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_restorations" ADD CONSTRAINT "file_restorations_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;