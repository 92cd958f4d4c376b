CREATE TABLE "chromatof_release_files" (
	"product" text NOT NULL,
	"version" text NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "chromatof_release_files_product_version_label_pk" PRIMARY KEY("product","version","label")
);
--> statement-breakpoint
CREATE TABLE "chromatof_releases" (
	"product" text NOT NULL,
	"version" text NOT NULL,
	"release_date" date,
	CONSTRAINT "chromatof_releases_product_version_pk" PRIMARY KEY("product","version")
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "downloads" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "chromatof_release_files" ADD CONSTRAINT "chromatof_release_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chromatof_release_files" ADD CONSTRAINT "chromatof_release_files_product_version_chromatof_releases_product_version_fk" FOREIGN KEY ("product","version") REFERENCES "public"."chromatof_releases"("product","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Key IDs published before this migration download their own product, as an import now defaults them to.
UPDATE "registrations" SET "downloads" = ARRAY["product"] WHERE "scheme" = 'rainbow' AND "product" IS NOT NULL;
