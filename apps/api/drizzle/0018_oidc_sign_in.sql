CREATE TABLE "oidc_sign_ins" (
	"state_digest" text PRIMARY KEY NOT NULL,
	"redirect_path" text NOT NULL,
	"verifier_hash" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_in_links" ADD COLUMN "door" text DEFAULT 'mail' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "roles_from_identity_provider" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_links" ADD CONSTRAINT "sign_in_links_door" CHECK ("sign_in_links"."door" IN ('mail', 'oidc'));