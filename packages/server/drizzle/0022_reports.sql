CREATE TABLE "report_chunks" (
	"report_id" uuid NOT NULL,
	"format" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "report_chunks_report_id_format_seq_pk" PRIMARY KEY("report_id","format","seq")
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"daily" boolean DEFAULT false NOT NULL,
	"weekly" boolean DEFAULT false NOT NULL,
	"monthly" boolean DEFAULT false NOT NULL,
	"locale" text DEFAULT 'zh-CN' NOT NULL,
	"tz" text DEFAULT 'UTC' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"tz" text NOT NULL,
	"locale" text NOT NULL,
	"by_schedule" boolean NOT NULL,
	"made_by" text DEFAULT '' NOT NULL,
	"made_by_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"beat_at" timestamp with time zone,
	"tries" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"devices" integer DEFAULT 0 NOT NULL,
	"pdf_bytes" integer DEFAULT 0 NOT NULL,
	"xlsx_bytes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "report_chunks" ADD CONSTRAINT "report_chunks_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_list_idx" ON "reports" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reports_scheduled_uq" ON "reports" USING btree ("tenant_id","kind","period_from") WHERE "reports"."by_schedule";--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("created_at") WHERE "reports"."status" in ('queued', 'making');