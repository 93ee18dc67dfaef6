-- Credentials keep their word (docs/decisions/0091-credentials-keep-their-word.md).
-- Counters of the sign-in limits shared by every instance when no Redis is configured.
CREATE TABLE "auth_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_end" timestamp (3) with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
-- E-mail addresses in one canonical form (NFKC, lower case): the service writes them so; rows
-- written before are brought to it here (the demo world's and any earlier member's).
DROP INDEX "members_email_idx";--> statement-breakpoint
UPDATE "members" SET "email" = lower(normalize("email", NFKC)) WHERE "email" <> lower(normalize("email", NFKC));--> statement-breakpoint
UPDATE "invitations" SET "email" = lower(normalize("email", NFKC)) WHERE "email" <> lower(normalize("email", NFKC));--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "created_by_member_id" uuid;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_member_id_members_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Keys a member made before this migration named their maker only in words ("Name (role)"):
-- link each to the one member of its brand or agency with that name, so it too acts within that
-- member's current role. A key whose words match no member, or several, is revoked: it could
-- otherwise outlive its maker's role.
UPDATE "api_keys" k SET "created_by_member_id" = m."id"
  FROM "members" m
  WHERE k."created_by" <> 'ops' AND k."created_by" NOT LIKE 'key %' AND k."created_by_member_id" IS NULL
    AND k."created_by" LIKE m."name" || ' (%)'
    AND ((k."kind" = 'brand' AND m."brand_id" = k."brand_id") OR (k."kind" = 'agency' AND m."agency_id" = k."agency_id"))
    AND (SELECT count(*) FROM "members" m2 WHERE k."created_by" LIKE m2."name" || ' (%)'
      AND ((k."kind" = 'brand' AND m2."brand_id" = k."brand_id") OR (k."kind" = 'agency' AND m2."agency_id" = k."agency_id"))) = 1;--> statement-breakpoint
UPDATE "api_keys" SET "revoked_at" = now()
  WHERE "created_by" <> 'ops' AND "created_by" NOT LIKE 'key %' AND "created_by_member_id" IS NULL AND "revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "api_keys_created_by_member_idx" ON "api_keys" USING btree ("created_by_member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_idx" ON "members" USING btree ("email");
