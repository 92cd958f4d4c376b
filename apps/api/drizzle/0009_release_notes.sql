CREATE TABLE "release_notes" (
	"product" text NOT NULL,
	"version" text NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "release_notes_product_version_pk" PRIMARY KEY("product","version")
);
--> statement-breakpoint
ALTER TABLE "release_notes" ADD CONSTRAINT "release_notes_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;