-- Auto-login links last a day (AUTO_LOGIN_TTL_MS, docs/console.md). The links made before had no
-- end: they are ended here, and their users make new ones.
ALTER TABLE "console_users" ADD COLUMN "auto_login_expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "console_users" SET "auto_login_nonce" = NULL, "auto_login_hash" = NULL
WHERE "auto_login_hash" IS NOT NULL;
