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
