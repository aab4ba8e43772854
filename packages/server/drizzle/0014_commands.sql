CREATE TABLE "commands" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"task_id" uuid,
	"device_id" uuid NOT NULL,
	"type" text NOT NULL,
	"args" jsonb NOT NULL,
	"state" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"code" integer,
	"message" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"args" jsonb NOT NULL,
	"target" jsonb NOT NULL,
	"group_ids" uuid[] NOT NULL,
	"created_by_id" uuid,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"total" integer NOT NULL,
	"waiting" integer DEFAULT 0 NOT NULL,
	"processing" integer DEFAULT 0 NOT NULL,
	"finished" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"timeout" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"error_code" integer,
	"status" text GENERATED ALWAYS AS (case
          when waiting + processing > 0 then
            case when processing + finished + failed + timeout + cancelled > 0 then 'processing' else 'waiting' end
          when failed > 0 then 'failed'
          when timeout > 0 then 'timeout'
          when cancelled > 0 then 'cancelled'
          else 'finished' end) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commands_task_idx" ON "commands" USING btree ("task_id","id");--> statement-breakpoint
CREATE INDEX "commands_task_state_idx" ON "commands" USING btree ("task_id","state","id");--> statement-breakpoint
CREATE INDEX "commands_device_idx" ON "commands" USING btree ("device_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "commands_open_idx" ON "commands" USING btree ("device_id") WHERE state in ('waiting', 'processing');--> statement-breakpoint
CREATE INDEX "commands_deadline_idx" ON "commands" USING btree ("deadline") WHERE state in ('waiting', 'processing');--> statement-breakpoint
CREATE INDEX "tasks_list_idx" ON "tasks" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_status_idx" ON "tasks" USING btree ("tenant_id","status","created_at" DESC NULLS LAST);