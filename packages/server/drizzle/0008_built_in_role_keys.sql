-- Built-in roles are known by a key, shown in the reader's language (docs/console.md "Roles"):
-- the four made at setup get theirs from their duty, which they can never change.
ALTER TABLE "console_roles" ADD COLUMN "built_in_key" text;--> statement-breakpoint
UPDATE "console_roles" SET "built_in_key" = CASE "menu"
  WHEN 'system' THEN 'admin' WHEN 'kss' THEN 'keyAdmin'
  WHEN 'operate' THEN 'operator' WHEN 'audit' THEN 'auditor' END
WHERE "built_in";--> statement-breakpoint
CREATE UNIQUE INDEX "console_roles_built_in_key_uq" ON "console_roles" USING btree ("tenant_id","built_in_key");--> statement-breakpoint
ALTER TABLE "console_roles" DROP COLUMN "built_in";--> statement-breakpoint
-- The audit log keeps the actor's role key beside the name it had then. Entries written before
-- get it where their role name is a built-in role's (role names are unique in a tenant).
ALTER TABLE "console_audit" ADD COLUMN "role_key" text;--> statement-breakpoint
UPDATE "console_audit" AS a SET "role_key" = r."built_in_key"
FROM "console_roles" AS r
WHERE r."tenant_id" = a."tenant_id" AND r."built_in_key" IS NOT NULL AND r."name" = a."role_name";
