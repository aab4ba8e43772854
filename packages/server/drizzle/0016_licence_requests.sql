CREATE TABLE "device_licence_requests" (
	"request_id" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"kind" text NOT NULL,
	"fingerprint" text NOT NULL,
	"installed_serial" integer NOT NULL,
	"months" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "licence_code" text;--> statement-breakpoint
ALTER TABLE "device_licence_requests" ADD CONSTRAINT "device_licence_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_licence_requests" ADD CONSTRAINT "device_licence_requests_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_licence_requests_device_idx" ON "device_licence_requests" USING btree ("device_id","created_at");