CREATE TABLE "notify_cursors" (
	"source" text PRIMARY KEY NOT NULL,
	"position" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"sms" jsonb DEFAULT '{"mode":"off"}'::jsonb NOT NULL,
	"sms_by" text,
	"sms_at" timestamp with time zone,
	"warn" jsonb,
	"warn_by" text,
	"warn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "warning_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"body" text NOT NULL,
	"summary" text NOT NULL,
	"causes" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"next_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "warnings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"cause" text NOT NULL,
	"subject" text NOT NULL,
	"label" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notify_settings" ADD CONSTRAINT "notify_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warning_deliveries" ADD CONSTRAINT "warning_deliveries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warnings" ADD CONSTRAINT "warnings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warning_deliveries_due_idx" ON "warning_deliveries" USING btree ("next_at") WHERE "warning_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "warning_deliveries_tenant_idx" ON "warning_deliveries" USING btree ("tenant_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "warnings_open_idx" ON "warnings" USING btree ("tenant_id","cause","subject") WHERE "warnings"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "warnings_subject_idx" ON "warnings" USING btree ("tenant_id","cause","subject");--> statement-breakpoint
CREATE INDEX "warnings_due_idx" ON "warnings" USING btree ("last_sent_at" NULLS FIRST) WHERE "warnings"."closed_at" is null;
