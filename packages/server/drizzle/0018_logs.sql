-- The engines' logs (docs/logs.md): access_logs and monitor_logs are partitioned by week on
-- "at", which drizzle cannot write, so PARTITION BY is added here by hand. No week exists yet:
-- the server makes each as it is needed (platform/db/log-partitions.ts), and retention drops
-- whole weeks. Their indexes are made on each week. The queries order by "at" DESC NULLS FIRST,
-- "id" DESC NULLS FIRST, as the indexes do.
CREATE TABLE "access_logs" (
	"id" bigserial NOT NULL,
	"tenant_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"group_id" uuid,
	"seq" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"operation" text NOT NULL,
	"outcome" text NOT NULL,
	"program" text NOT NULL,
	"user_name" text NOT NULL,
	"path" text NOT NULL
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "log_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"group_id" uuid,
	"at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"rule_name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"outcome" text DEFAULT '' NOT NULL,
	"program" text DEFAULT '' NOT NULL,
	"user_name" text DEFAULT '' NOT NULL,
	"path" text NOT NULL,
	"sha256" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"changed_by_id" uuid,
	"changed_by" text,
	"changed_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_cursors" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"stream" text NOT NULL,
	"acked" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rules_by" text,
	"rules_at" timestamp with time zone,
	"retention_months" integer DEFAULT 6 NOT NULL,
	"backup" boolean DEFAULT true NOT NULL,
	"audit_retention_months" integer DEFAULT 12 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitor_logs" (
	"id" bigserial NOT NULL,
	"tenant_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"group_id" uuid,
	"seq" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"change" text NOT NULL,
	"path" text NOT NULL,
	"sha256" text NOT NULL
) PARTITION BY RANGE ("at");
--> statement-breakpoint
ALTER TABLE "log_alerts" ADD CONSTRAINT "log_alerts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_cursors" ADD CONSTRAINT "log_cursors_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_settings" ADD CONSTRAINT "log_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_logs_tenant_idx" ON "access_logs" USING btree ("tenant_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "access_logs_outcome_idx" ON "access_logs" USING btree ("tenant_id","outcome","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "access_logs_device_idx" ON "access_logs" USING btree ("device_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "access_logs_group_idx" ON "access_logs" USING btree ("group_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "log_alerts_tenant_idx" ON "log_alerts" USING btree ("tenant_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "log_alerts_state_idx" ON "log_alerts" USING btree ("tenant_id","state","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "log_alerts_device_idx" ON "log_alerts" USING btree ("device_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "log_alerts_group_idx" ON "log_alerts" USING btree ("group_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "monitor_logs_tenant_idx" ON "monitor_logs" USING btree ("tenant_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "monitor_logs_device_idx" ON "monitor_logs" USING btree ("device_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "monitor_logs_group_idx" ON "monitor_logs" USING btree ("group_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);