CREATE TABLE "device_enrol_secrets" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_enrol_secrets_secret_unique" UNIQUE("secret")
);
--> statement-breakpoint
CREATE TABLE "device_uptime" (
	"device_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hours" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "device_uptime_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"system_type" text DEFAULT '' NOT NULL,
	"kernel" text DEFAULT '' NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"port" integer,
	"collector_ip" text,
	"qid" text DEFAULT '' NOT NULL,
	"fingerprint" text,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"install" text DEFAULT 'none' NOT NULL,
	"detection" text DEFAULT 'none' NOT NULL,
	"activation" text DEFAULT 'inactive' NOT NULL,
	"protected" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"licence_serial" integer,
	"licence_expires_at" timestamp with time zone,
	"state_digest" text,
	"state_changed_at" timestamp with time zone,
	"token_hash" text,
	"interval_s" integer DEFAULT 30 NOT NULL,
	"enrolled_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"deprecated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "device_enrol_secrets" ADD CONSTRAINT "device_enrol_secrets_group_id_console_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."console_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_enrol_secrets" ADD CONSTRAINT "device_enrol_secrets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_uptime" ADD CONSTRAINT "device_uptime_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_group_id_console_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."console_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_fingerprint_uq" ON "devices" USING btree ("tenant_id","fingerprint");--> statement-breakpoint
CREATE INDEX "devices_list_idx" ON "devices" USING btree ("tenant_id","status","created_at","id","group_id");--> statement-breakpoint
CREATE INDEX "devices_name_idx" ON "devices" USING btree ("tenant_id","status","name","id");--> statement-breakpoint
CREATE INDEX "devices_group_idx" ON "devices" USING btree ("group_id");