CREATE TABLE "staff_members" (
	"email" text PRIMARY KEY NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"invited_by" text,
	"invited_at" timestamp with time zone,
	"first_sign_in_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_members_known_roles" CHECK ("staff_members"."roles" <@ ARRAY['service', 'publisher', 'admin']::text[])
);
--> statement-breakpoint
-- Everyone who signed in before there were roles becomes a staff member with the roles
-- STAFF_DEFAULT_ROLES gives by default (`service`): they keep what they could do.
INSERT INTO "staff_members" ("email", "roles", "first_sign_in_at", "last_sign_in_at")
SELECT "email", ARRAY['service']::text[], min("created_at"), max("created_at") FROM "staff_sessions" GROUP BY "email";
