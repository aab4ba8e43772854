CREATE TABLE "balance_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"change" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"recharge_code_id" uuid,
	"issue_record_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"company" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'zh-CN' NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_email_unique" UNIQUE("email"),
	CONSTRAINT "companies_balance_non_negative" CHECK ("companies"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "email_codes" (
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "email_codes_email_purpose_pk" PRIMARY KEY("email","purpose")
);
--> statement-breakpoint
CREATE TABLE "engines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_request_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"licence_id" uuid NOT NULL,
	"engine_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"request_id" text,
	"serial" integer NOT NULL,
	"months" integer DEFAULT 0 NOT NULL,
	"cost" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"file_name" text NOT NULL,
	"file_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licence_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"engine_id" uuid NOT NULL,
	"request_id" text NOT NULL,
	"ver" integer NOT NULL,
	"product" text NOT NULL,
	"fingerprint" text NOT NULL,
	"console_time" timestamp with time zone NOT NULL,
	"installed_serial" integer NOT NULL,
	"months_asked" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"engine_id" uuid NOT NULL,
	"code" text NOT NULL,
	"serial" integer NOT NULL,
	"max_devices" integer DEFAULT 1 NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licences_engine_id_unique" UNIQUE("engine_id"),
	CONSTRAINT "licences_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "recharge_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"months" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" uuid,
	CONSTRAINT "recharge_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "recharge_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"months" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "super_admins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "super_admins_account_unique" UNIQUE("account")
);
--> statement-breakpoint
ALTER TABLE "balance_records" ADD CONSTRAINT "balance_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_records" ADD CONSTRAINT "balance_records_recharge_code_id_recharge_codes_id_fk" FOREIGN KEY ("recharge_code_id") REFERENCES "public"."recharge_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_records" ADD CONSTRAINT "balance_records_issue_record_id_issue_records_id_fk" FOREIGN KEY ("issue_record_id") REFERENCES "public"."issue_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engines" ADD CONSTRAINT "engines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_records" ADD CONSTRAINT "issue_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_records" ADD CONSTRAINT "issue_records_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_records" ADD CONSTRAINT "issue_records_engine_id_engines_id_fk" FOREIGN KEY ("engine_id") REFERENCES "public"."engines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_requests" ADD CONSTRAINT "licence_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_requests" ADD CONSTRAINT "licence_requests_engine_id_engines_id_fk" FOREIGN KEY ("engine_id") REFERENCES "public"."engines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_engine_id_engines_id_fk" FOREIGN KEY ("engine_id") REFERENCES "public"."engines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_codes" ADD CONSTRAINT "recharge_codes_package_id_recharge_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."recharge_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_codes" ADD CONSTRAINT "recharge_codes_used_by_companies_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_records_company_created_idx" ON "balance_records" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "engines_company_device_kind_uq" ON "engines" USING btree ("company_id","device_id","kind");--> statement-breakpoint
CREATE INDEX "engines_company_created_idx" ON "engines" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_records_company_request_uq" ON "issue_records" USING btree ("company_id","request_id");--> statement-breakpoint
CREATE INDEX "issue_records_company_created_idx" ON "issue_records" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "issue_records_company_device_idx" ON "issue_records" USING btree ("company_id","device_id","created_at");--> statement-breakpoint
CREATE INDEX "issue_records_licence_idx" ON "issue_records" USING btree ("licence_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "licence_requests_company_request_uq" ON "licence_requests" USING btree ("company_id","request_id");--> statement-breakpoint
CREATE INDEX "licences_company_expires_idx" ON "licences" USING btree ("company_id","expires_at");--> statement-breakpoint
CREATE INDEX "recharge_codes_package_idx" ON "recharge_codes" USING btree ("package_id");