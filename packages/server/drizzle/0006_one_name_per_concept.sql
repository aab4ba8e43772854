-- One name per concept (docs/decisions.md): the console's customer is a tenant, the vendor's
-- side is "vendor", the portal's company is "company".
ALTER TABLE "owners" RENAME TO "tenants";--> statement-breakpoint
ALTER INDEX "owners_pkey" RENAME TO "tenants_pkey";--> statement-breakpoint
ALTER TABLE "tenants" RENAME CONSTRAINT "owners_domain_unique" TO "tenants_domain_unique";--> statement-breakpoint
ALTER TABLE "console_audit" RENAME CONSTRAINT "console_audit_tenant_id_owners_id_fk" TO "console_audit_tenant_id_tenants_id_fk";--> statement-breakpoint
ALTER TABLE "console_group_escrows" RENAME CONSTRAINT "console_group_escrows_tenant_id_owners_id_fk" TO "console_group_escrows_tenant_id_tenants_id_fk";--> statement-breakpoint
ALTER TABLE "console_groups" RENAME CONSTRAINT "console_groups_tenant_id_owners_id_fk" TO "console_groups_tenant_id_tenants_id_fk";--> statement-breakpoint
ALTER TABLE "console_proxies" RENAME CONSTRAINT "console_proxies_tenant_id_owners_id_fk" TO "console_proxies_tenant_id_tenants_id_fk";--> statement-breakpoint
ALTER TABLE "console_roles" RENAME CONSTRAINT "console_roles_tenant_id_owners_id_fk" TO "console_roles_tenant_id_tenants_id_fk";--> statement-breakpoint
ALTER TABLE "console_users" RENAME CONSTRAINT "console_users_tenant_id_owners_id_fk" TO "console_users_tenant_id_tenants_id_fk";--> statement-breakpoint
UPDATE "sessions" SET "kind" = 'vendor' WHERE "kind" = 'sa';--> statement-breakpoint
UPDATE "login_failures" SET "scope" = 'vendor' WHERE "scope" = 'sa';--> statement-breakpoint
UPDATE "login_failures" SET "scope" = 'company' WHERE "scope" = 'com';
