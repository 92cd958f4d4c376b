CREATE TABLE "configurations" (
	"friendly_family" text NOT NULL,
	"current_version" text NOT NULL,
	"product" text NOT NULL,
	"packages" text DEFAULT '' NOT NULL,
	"true_options" text DEFAULT '' NOT NULL,
	"false_options" text DEFAULT '' NOT NULL,
	"expirable_options" text DEFAULT '' NOT NULL,
	"true_ranges" text DEFAULT '' NOT NULL,
	"true_analytes" text DEFAULT '' NOT NULL,
	CONSTRAINT "configurations_friendly_family_current_version_product_pk" PRIMARY KEY("friendly_family","current_version","product")
);
--> statement-breakpoint
CREATE TABLE "options" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
