CREATE TABLE "advisories" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"year" smallint NOT NULL,
	"number" integer NOT NULL,
	"initial_release_date" timestamp with time zone NOT NULL,
	"current_version" integer NOT NULL,
	CONSTRAINT "advisories_kind_year_number" UNIQUE("kind","year","number")
);
--> statement-breakpoint
CREATE TABLE "advisory_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advisory_id" text,
	"base_version" integer,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advisory_revisions" (
	"advisory_id" text NOT NULL,
	"version" integer NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" text NOT NULL,
	"summary" text NOT NULL,
	"content" jsonb NOT NULL,
	"releases" jsonb NOT NULL,
	"csaf_json" text NOT NULL,
	"sha256" char(64) NOT NULL,
	"sha512" char(128) NOT NULL,
	"signature" text NOT NULL,
	"signing_key" text NOT NULL,
	CONSTRAINT "advisory_revisions_advisory_id_version_pk" PRIMARY KEY("advisory_id","version")
);
--> statement-breakpoint
CREATE TABLE "csaf_signing_keys" (
	"id" smallint PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_members" DROP CONSTRAINT "staff_members_known_roles";--> statement-breakpoint
ALTER TABLE "advisory_drafts" ADD CONSTRAINT "advisory_drafts_advisory_id_advisories_id_fk" FOREIGN KEY ("advisory_id") REFERENCES "public"."advisories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisory_revisions" ADD CONSTRAINT "advisory_revisions_advisory_id_advisories_id_fk" FOREIGN KEY ("advisory_id") REFERENCES "public"."advisories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisory_drafts_updated_at" ON "advisory_drafts" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_known_roles" CHECK ("staff_members"."roles" <@ ARRAY['service', 'publisher', 'security', 'admin']::text[]);