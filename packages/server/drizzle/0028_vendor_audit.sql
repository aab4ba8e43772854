CREATE TABLE "vendor_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"account" text NOT NULL,
	"action" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"tenant_id" uuid,
	"detail" jsonb,
	"ip" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "vendor_audit_tenant_idx" ON "vendor_audit" USING btree ("tenant_id","id" DESC NULLS LAST);