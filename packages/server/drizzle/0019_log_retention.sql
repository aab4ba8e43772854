CREATE TABLE "log_backups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"log" text NOT NULL,
	"name" text NOT NULL,
	"week_from" timestamp with time zone NOT NULL,
	"week_to" timestamp with time zone NOT NULL,
	"rows" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_week_holds" (
	"name" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"file" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "log_backups" ADD CONSTRAINT "log_backups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "log_backups_name_idx" ON "log_backups" USING btree ("name");--> statement-breakpoint
CREATE INDEX "log_backups_tenant_idx" ON "log_backups" USING btree ("tenant_id","at" DESC NULLS LAST);