CREATE TABLE "downloads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"file_id" uuid NOT NULL,
	"registration_digest" text,
	"downloaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bytes_sent" bigint NOT NULL,
	"client_address" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dsvs" (
	"key" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"file_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pibs" (
	"product" text NOT NULL,
	"version" text NOT NULL,
	"internal_variant" text NOT NULL,
	"variant" text NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "pibs_product_version_internal_variant_pk" PRIMARY KEY("product","version","internal_variant")
);
--> statement-breakpoint
CREATE TABLE "product_families" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id_digest" text PRIMARY KEY NOT NULL,
	"scheme" text NOT NULL,
	"family" text,
	"flags" text[] DEFAULT '{}' NOT NULL,
	"product" text,
	"revoked" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "version_families" (
	"version" text NOT NULL,
	"family" text NOT NULL,
	CONSTRAINT "version_families_version_family_pk" PRIMARY KEY("version","family")
);
--> statement-breakpoint
CREATE TABLE "versions" (
	"name" text PRIMARY KEY NOT NULL,
	"offline_installer_file_id" uuid,
	"offline_installer_built_at" timestamp with time zone,
	"release_date" date
);
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_blob_key_unique";--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsvs" ADD CONSTRAINT "dsvs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pibs" ADD CONSTRAINT "pibs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_family_product_families_name_fk" FOREIGN KEY ("family") REFERENCES "public"."product_families"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_families" ADD CONSTRAINT "version_families_version_versions_name_fk" FOREIGN KEY ("version") REFERENCES "public"."versions"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_families" ADD CONSTRAINT "version_families_family_product_families_name_fk" FOREIGN KEY ("family") REFERENCES "public"."product_families"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "versions" ADD CONSTRAINT "versions_offline_installer_file_id_files_id_fk" FOREIGN KEY ("offline_installer_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "downloads_file_idx" ON "downloads" USING btree ("file_id","downloaded_at");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_content_name_unique" UNIQUE("sha256","name","content_type");