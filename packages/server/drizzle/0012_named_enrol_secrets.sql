-- Named enrolment secrets (issue 22): several per group, revocable, stored as their SHA-256.
-- Each group's one secret becomes a named secret ("<group> <day made, UTC>"), found by its hash,
-- so the install commands that hold it still enrol into the same group.
ALTER TABLE "device_enrol_secrets" DROP CONSTRAINT "device_enrol_secrets_pkey";--> statement-breakpoint
ALTER TABLE "device_enrol_secrets" DROP CONSTRAINT "device_enrol_secrets_secret_unique";--> statement-breakpoint
ALTER TABLE "device_enrol_secrets" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "device_enrol_secrets" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "device_enrol_secrets" ADD COLUMN "secret_hash" text;--> statement-breakpoint
ALTER TABLE "device_enrol_secrets" ADD COLUMN "hint" text;--> statement-breakpoint
ALTER TABLE "device_enrol_secrets" ADD COLUMN "created_by" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "device_enrol_secrets" ADD COLUMN "created_by_id" uuid;--> statement-breakpoint
ALTER TABLE "device_enrol_secrets" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_enrol_secrets" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_enrol_secrets" ADD COLUMN "revoked_by" text;--> statement-breakpoint
ALTER TABLE "device_enrol_secrets" ADD COLUMN "revoked_by_id" uuid;--> statement-breakpoint
UPDATE "device_enrol_secrets" s SET
  "name" = g."name" || ' ' || to_char(s."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
  "secret_hash" = encode(sha256(convert_to(s."secret", 'UTF8')), 'hex'),
  "hint" = right(s."secret", 4)
FROM "console_groups" g WHERE g."id" = s."group_id";--> statement-breakpoint
ALTER TABLE "device_enrol_secrets" ALTER COLUMN "name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "device_enrol_secrets" ALTER COLUMN "secret_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "device_enrol_secrets" ALTER COLUMN "hint" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "device_enrol_secrets" DROP COLUMN "secret";--> statement-breakpoint
ALTER TABLE "device_enrol_secrets" ADD CONSTRAINT "device_enrol_secrets_secret_hash_unique" UNIQUE("secret_hash");--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "enrol_secret_id" uuid;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_enrol_secret_id_device_enrol_secrets_id_fk" FOREIGN KEY ("enrol_secret_id") REFERENCES "public"."device_enrol_secrets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_enrol_secrets_group_idx" ON "device_enrol_secrets" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "devices_enrol_secret_idx" ON "devices" USING btree ("enrol_secret_id");
