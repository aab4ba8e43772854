DROP INDEX "licences_company_expires_idx";--> statement-breakpoint
DROP INDEX "console_users_recent_idx";--> statement-breakpoint
CREATE INDEX "licences_company_expires_idx" ON "licences" USING btree ("company_id","expires_at","id");--> statement-breakpoint
CREATE INDEX "console_users_recent_idx" ON "console_users" USING btree ("tenant_id","created_at","id");