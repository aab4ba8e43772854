ALTER TABLE "tenant_keys" ADD COLUMN "previous_kek_id" uuid;--> statement-breakpoint
ALTER TABLE "tenant_keys" ADD COLUMN "previous_kek_wrapped" text;