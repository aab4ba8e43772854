ALTER TABLE "tenants" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenants_company_idx" ON "tenants" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "companies_created_idx" ON "companies" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("company","id");--> statement-breakpoint
CREATE INDEX "companies_balance_idx" ON "companies" USING btree ("balance","id");--> statement-breakpoint
CREATE INDEX "devices_running_version_idx" ON "devices" USING btree ("version","tenant_id") WHERE "devices"."status" = 'running';