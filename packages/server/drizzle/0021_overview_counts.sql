CREATE TABLE "alert_counts" (
	"tenant_id" uuid NOT NULL,
	"unit" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"group_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "alert_counts_tenant_id_unit_at_group_id_device_id_pk" PRIMARY KEY("tenant_id","unit","at","group_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "log_count_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"unit" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"group_id" uuid NOT NULL,
	"stream" text NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_counts" (
	"tenant_id" uuid NOT NULL,
	"unit" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"group_id" uuid NOT NULL,
	"stream" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "log_counts_tenant_id_unit_at_group_id_stream_pk" PRIMARY KEY("tenant_id","unit","at","group_id","stream")
);
--> statement-breakpoint
CREATE INDEX "log_count_deltas_tenant_idx" ON "log_count_deltas" USING btree ("tenant_id","unit","at");