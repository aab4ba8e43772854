CREATE TABLE "device_window_keys" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"key_id" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_incident_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"incident_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_id" uuid,
	"by" text,
	"by_name" text,
	"event" text NOT NULL,
	"detail" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_incidents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"note" text NOT NULL,
	"holder_id" uuid,
	"holder_account" text,
	"holder_name" text,
	"split_id" uuid,
	"device_id" uuid,
	"device_name" text,
	"task_id" uuid,
	"replaced_key_id" text,
	"declared_by_id" uuid,
	"declared_by" text NOT NULL,
	"declared_by_name" text NOT NULL,
	"declared_at" timestamp with time zone NOT NULL,
	"contained_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "key_incidents_kind_check" CHECK (kind in ('share', 'escrowKey', 'device', 'windowKey')),
	CONSTRAINT "key_incidents_state_check" CHECK (state in ('open', 'contained', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "window_keys" (
	"tenant_id" uuid NOT NULL,
	"id" text NOT NULL,
	"public_pem" text NOT NULL,
	"private_wrapped" text,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "window_keys_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "window_keys_state_check" CHECK (state in ('current', 'previous', 'revoked'))
);
--> statement-breakpoint
ALTER TABLE "escrow_keys" DROP CONSTRAINT "escrow_keys_state_check";--> statement-breakpoint
ALTER TABLE "escrow_keys" ADD COLUMN "retiring_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_window_keys" ADD CONSTRAINT "device_window_keys_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_window_keys" ADD CONSTRAINT "device_window_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_incident_events" ADD CONSTRAINT "key_incident_events_incident_id_key_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."key_incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_incident_events" ADD CONSTRAINT "key_incident_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_incidents" ADD CONSTRAINT "key_incidents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_incidents" ADD CONSTRAINT "key_incidents_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "window_keys" ADD CONSTRAINT "window_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_window_keys_tenant_idx" ON "device_window_keys" USING btree ("tenant_id","key_id");--> statement-breakpoint
CREATE INDEX "key_incident_events_incident_idx" ON "key_incident_events" USING btree ("incident_id","at","id");--> statement-breakpoint
CREATE INDEX "key_incidents_list_idx" ON "key_incidents" USING btree ("tenant_id","declared_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "key_incidents_state_idx" ON "key_incidents" USING btree ("tenant_id","state","declared_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "window_keys_current_uq" ON "window_keys" USING btree ("tenant_id") WHERE state = 'current';--> statement-breakpoint
ALTER TABLE "escrow_keys" ADD CONSTRAINT "escrow_keys_state_check" CHECK (state in ('current', 'retiring', 'retired'));