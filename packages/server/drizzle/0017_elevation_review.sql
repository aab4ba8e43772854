CREATE TABLE "ack_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"reason" text NOT NULL,
	"window_s" integer NOT NULL,
	"asked_by_id" uuid,
	"asked_by" text NOT NULL,
	"asked_role_id" uuid,
	"asked_proxy_role_ids" uuid[] NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"reviewed_by_id" uuid,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"review_reason" text,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"command_id" uuid,
	CONSTRAINT "ack_requests_kind_check" CHECK (kind in ('elevation', 'learning')),
	CONSTRAINT "ack_requests_state_check" CHECK (state in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "ack_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"max_window_s" integer NOT NULL,
	"pending_expiry_hours" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console_keys" (
	"id" integer PRIMARY KEY NOT NULL,
	"private_pem" text NOT NULL,
	"public_pem" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "console_keys_one_row" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "ack_requests" ADD CONSTRAINT "ack_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ack_requests" ADD CONSTRAINT "ack_requests_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ack_settings" ADD CONSTRAINT "ack_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ack_requests_list_idx" ON "ack_requests" USING btree ("tenant_id","asked_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ack_requests_state_idx" ON "ack_requests" USING btree ("tenant_id","state","asked_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ack_requests_kind_idx" ON "ack_requests" USING btree ("tenant_id","kind","state","asked_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ack_requests_device_idx" ON "ack_requests" USING btree ("device_id","asked_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ack_requests_asker_idx" ON "ack_requests" USING btree ("asked_by_id","asked_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ack_requests_expiry_idx" ON "ack_requests" USING btree ("tenant_id","expires_at") WHERE state = 'pending';