-- Issue 37: key management under dual control (docs/keys.md), console/keys owns every table.
-- device_keys_missing_idx holds only the keys not escrowed under the current escrow key, so the
-- "not escrowed" count and list read those alone, never every device of a tenant.
CREATE TABLE "device_keys" (
	"device_id" uuid NOT NULL,
	"key_id" text NOT NULL,
	"tenant_id" uuid NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"escrowed_at" timestamp with time zone,
	CONSTRAINT "device_keys_device_id_key_id_pk" PRIMARY KEY("device_id","key_id")
);
--> statement-breakpoint
CREATE TABLE "escrow_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"identity_wrapped" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "escrow_keys_state_check" CHECK (state in ('current', 'retired'))
);
--> statement-breakpoint
CREATE TABLE "escrowed_keys" (
	"device_id" uuid NOT NULL,
	"key_id" text NOT NULL,
	"escrow_key_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"wrapped" text NOT NULL,
	"escrowed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "escrowed_keys_device_id_key_id_escrow_key_id_pk" PRIMARY KEY("device_id","key_id","escrow_key_id")
);
--> statement-breakpoint
CREATE TABLE "key_recoveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"device_name" text NOT NULL,
	"key_id" text NOT NULL,
	"escrow_key_id" uuid NOT NULL,
	"split_id" uuid NOT NULL,
	"threshold" integer NOT NULL,
	"reason" text NOT NULL,
	"deliver" text NOT NULL,
	"deliver_sealed" text,
	"state" text NOT NULL,
	"requested_by_id" uuid NOT NULL,
	"requested_by" text NOT NULL,
	"requested_by_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"file" text,
	CONSTRAINT "key_recoveries_state_check" CHECK (state in ('open', 'completed', 'delivered', 'expired', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "key_shares" (
	"split_id" uuid NOT NULL,
	"holder_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"holder_account" text NOT NULL,
	"holder_name" text NOT NULL,
	"share_hash" text NOT NULL,
	"share_sealed" text,
	"downloaded_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "key_shares_split_id_holder_id_pk" PRIMARY KEY("split_id","holder_id")
);
--> statement-breakpoint
CREATE TABLE "key_splits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"state" text NOT NULL,
	"threshold" integer NOT NULL,
	"kek_check" text NOT NULL,
	"kek_wrapped" text,
	"created_at" timestamp with time zone NOT NULL,
	"created_by_id" uuid,
	"created_by" text NOT NULL,
	"created_by_name" text NOT NULL,
	"activated_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	CONSTRAINT "key_splits_state_check" CHECK (state in ('pending', 'active', 'retired'))
);
--> statement-breakpoint
CREATE TABLE "recovery_shares" (
	"recovery_id" uuid NOT NULL,
	"holder_id" uuid NOT NULL,
	"holder_account" text NOT NULL,
	"holder_name" text NOT NULL,
	"share_sealed" text,
	"presented_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recovery_shares_recovery_id_holder_id_pk" PRIMARY KEY("recovery_id","holder_id")
);
--> statement-breakpoint
CREATE TABLE "tenant_keys" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"kek_id" uuid NOT NULL,
	"kek_wrapped" text NOT NULL,
	"kek_check" text NOT NULL,
	"initialised_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_keys" ADD CONSTRAINT "device_keys_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_keys" ADD CONSTRAINT "device_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_keys" ADD CONSTRAINT "escrow_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrowed_keys" ADD CONSTRAINT "escrowed_keys_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrowed_keys" ADD CONSTRAINT "escrowed_keys_escrow_key_id_escrow_keys_id_fk" FOREIGN KEY ("escrow_key_id") REFERENCES "public"."escrow_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrowed_keys" ADD CONSTRAINT "escrowed_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_recoveries" ADD CONSTRAINT "key_recoveries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_recoveries" ADD CONSTRAINT "key_recoveries_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_shares" ADD CONSTRAINT "key_shares_split_id_key_splits_id_fk" FOREIGN KEY ("split_id") REFERENCES "public"."key_splits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_shares" ADD CONSTRAINT "key_shares_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_splits" ADD CONSTRAINT "key_splits_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_shares" ADD CONSTRAINT "recovery_shares_recovery_id_key_recoveries_id_fk" FOREIGN KEY ("recovery_id") REFERENCES "public"."key_recoveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_keys" ADD CONSTRAINT "tenant_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_keys_tenant_idx" ON "device_keys" USING btree ("tenant_id","device_id");--> statement-breakpoint
CREATE INDEX "device_keys_missing_idx" ON "device_keys" USING btree ("tenant_id","device_id") WHERE escrowed_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "escrow_keys_current_uq" ON "escrow_keys" USING btree ("tenant_id") WHERE state = 'current';--> statement-breakpoint
CREATE INDEX "key_recoveries_list_idx" ON "key_recoveries" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "key_recoveries_state_idx" ON "key_recoveries" USING btree ("tenant_id","state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "key_recoveries_expiry_idx" ON "key_recoveries" USING btree ("expires_at") WHERE state = 'open';--> statement-breakpoint
CREATE INDEX "key_shares_holder_idx" ON "key_shares" USING btree ("tenant_id","holder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "key_splits_pending_uq" ON "key_splits" USING btree ("tenant_id") WHERE state = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "key_splits_active_uq" ON "key_splits" USING btree ("tenant_id") WHERE state = 'active';