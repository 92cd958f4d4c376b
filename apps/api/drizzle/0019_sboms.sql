CREATE TABLE "release_sboms" (
	"release_key" text PRIMARY KEY NOT NULL,
	"file_id" uuid NOT NULL,
	"spec_version" text NOT NULL,
	"component_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sbom_components" (
	"release_key" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"version" text,
	"purl" text,
	"purl_key" text,
	CONSTRAINT "sbom_components_release_key_position_pk" PRIMARY KEY("release_key","position")
);
--> statement-breakpoint
ALTER TABLE "release_sboms" ADD CONSTRAINT "release_sboms_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sbom_components" ADD CONSTRAINT "sbom_components_release_key_release_sboms_release_key_fk" FOREIGN KEY ("release_key") REFERENCES "public"."release_sboms"("release_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sbom_components_name_key" ON "sbom_components" USING btree ("name_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "sbom_components_purl_key" ON "sbom_components" USING btree ("purl_key" text_pattern_ops);