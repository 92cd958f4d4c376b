CREATE TABLE "password_reset_registrations" (
	"registration_digest" text PRIMARY KEY NOT NULL,
	"requires_authorized_admins" boolean NOT NULL,
	"authorized_admin_emails" text[] DEFAULT '{}' NOT NULL,
	"admins_changed_at" timestamp with time zone,
	"admins_changed_by" text
);
--> statement-breakpoint
CREATE TABLE "registration_managers" (
	"registration_digest" text NOT NULL,
	"staff_email" text NOT NULL,
	CONSTRAINT "registration_managers_registration_digest_staff_email_pk" PRIMARY KEY("registration_digest","staff_email")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"registration_digest" text,
	"outcome" text NOT NULL,
	"request_id" text NOT NULL,
	"client_address" text NOT NULL,
	"subject_digest" text,
	"detail" text,
	"previous_hash" text NOT NULL,
	"row_hash" text NOT NULL,
	CONSTRAINT "audit_log_id_positive" CHECK ("audit_log"."id" > 0)
);
--> statement-breakpoint
ALTER TABLE "password_reset_registrations" ADD CONSTRAINT "password_reset_registrations_registration_digest_registrations_id_digest_fk" FOREIGN KEY ("registration_digest") REFERENCES "public"."registrations"("id_digest") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_managers" ADD CONSTRAINT "registration_managers_registration_digest_registrations_id_digest_fk" FOREIGN KEY ("registration_digest") REFERENCES "public"."registrations"("id_digest") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_registration_idx" ON "audit_log" USING btree ("action","registration_digest","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("action","actor_email","occurred_at");--> statement-breakpoint
-- The audit log is append-only (decision 076): no role may change or remove a row; the hash chain shows whoever bypasses this.
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_log" FROM PUBLIC;
