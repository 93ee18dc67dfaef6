-- Invitations e-mailed through the SMTP relay (docs/api.md#invitations, docs/decisions/0160): whether
-- the link went out. The trail leaves the column out, like the token's hash: what the relay answered
-- is not a change anyone made.
ALTER TABLE "invitations" ADD COLUMN "email_status" text DEFAULT 'off' NOT NULL;
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_email_status_check" CHECK ("invitations"."email_status" in ('off', 'sending', 'sent', 'failed'));
--> statement-breakpoint
DROP TRIGGER invitations_audit ON invitations;
--> statement-breakpoint
CREATE TRIGGER invitations_audit AFTER INSERT OR UPDATE OR DELETE ON invitations FOR EACH ROW EXECUTE FUNCTION cc_audit_row('invitation', '{token_hash,email_status}');
