CREATE TABLE "sign_in_links" (
	"id_digest" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"verifier_hash" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"consumed_at" timestamp (3) with time zone,
	"superseded_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE INDEX "sign_in_links_email_created_idx" ON "sign_in_links" USING btree ("email","created_at");