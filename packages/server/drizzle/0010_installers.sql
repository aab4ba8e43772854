CREATE TABLE "installers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"version" text NOT NULL,
	"kind" text NOT NULL,
	"system_version" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploader" text NOT NULL,
	"uploader_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "installers" ADD CONSTRAINT "installers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "installers_version_uq" ON "installers" USING btree ("tenant_id","kind","system_version","version");--> statement-breakpoint
CREATE INDEX "installers_tenant_created_idx" ON "installers" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id");