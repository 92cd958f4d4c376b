CREATE TABLE "publishing_uploads" (
	"draft_id" uuid NOT NULL,
	"sha256" char(64) NOT NULL,
	"name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"uploaded_by" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publishing_uploads_draft_id_sha256_pk" PRIMARY KEY("draft_id","sha256")
);
--> statement-breakpoint
ALTER TABLE "publishing_uploads" ADD CONSTRAINT "publishing_uploads_draft_id_publishing_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."publishing_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publishing_uploads_sha256" ON "publishing_uploads" USING btree ("sha256");