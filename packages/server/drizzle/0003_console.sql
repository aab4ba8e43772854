CREATE TABLE "console_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"account" text DEFAULT '' NOT NULL,
	"role_name" text DEFAULT '' NOT NULL,
	"duty" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"detail" jsonb,
	"ip" text DEFAULT '' NOT NULL,
	"result" text NOT NULL,
	"err_code" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console_group_escrows" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"to_group_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"level" integer NOT NULL,
	"parent_id" uuid,
	"path" text NOT NULL,
	"leader" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console_login_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console_proxies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console_role_groups" (
	"role_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	CONSTRAINT "console_role_groups_role_id_group_id_pk" PRIMARY KEY("role_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "console_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"menu" text NOT NULL,
	"permission" text NOT NULL,
	"user_type" smallint DEFAULT 3 NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"account" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"job_no" text DEFAULT '' NOT NULL,
	"duty" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'normal' NOT NULL,
	"role_id" uuid,
	"group_id" uuid,
	"admin_tag" boolean DEFAULT false NOT NULL,
	"auto_login_nonce" text,
	"auto_login_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "owners" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "console_audit" ADD CONSTRAINT "console_audit_tenant_id_owners_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_group_escrows" ADD CONSTRAINT "console_group_escrows_group_id_console_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."console_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_group_escrows" ADD CONSTRAINT "console_group_escrows_tenant_id_owners_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_group_escrows" ADD CONSTRAINT "console_group_escrows_to_group_id_console_groups_id_fk" FOREIGN KEY ("to_group_id") REFERENCES "public"."console_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_groups" ADD CONSTRAINT "console_groups_tenant_id_owners_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_groups" ADD CONSTRAINT "console_groups_parent_id_console_groups_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."console_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_login_codes" ADD CONSTRAINT "console_login_codes_user_id_console_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."console_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_proxies" ADD CONSTRAINT "console_proxies_tenant_id_owners_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_proxies" ADD CONSTRAINT "console_proxies_user_id_console_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."console_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_proxies" ADD CONSTRAINT "console_proxies_role_id_console_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."console_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_role_groups" ADD CONSTRAINT "console_role_groups_role_id_console_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."console_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_role_groups" ADD CONSTRAINT "console_role_groups_group_id_console_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."console_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_roles" ADD CONSTRAINT "console_roles_tenant_id_owners_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_users" ADD CONSTRAINT "console_users_tenant_id_owners_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_users" ADD CONSTRAINT "console_users_role_id_console_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."console_roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_users" ADD CONSTRAINT "console_users_group_id_console_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."console_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "console_audit_at_idx" ON "console_audit" USING btree ("tenant_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "console_audit_action_idx" ON "console_audit" USING btree ("tenant_id","action","at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "console_groups_name_uq" ON "console_groups" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "console_groups_parent_idx" ON "console_groups" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "console_groups_path_idx" ON "console_groups" USING btree ("tenant_id","path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "console_proxies_user_idx" ON "console_proxies" USING btree ("user_id","end_at");--> statement-breakpoint
CREATE INDEX "console_role_groups_group_idx" ON "console_role_groups" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "console_roles_name_uq" ON "console_roles" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "console_users_account_uq" ON "console_users" USING btree ("tenant_id","account");--> statement-breakpoint
CREATE INDEX "console_users_list_idx" ON "console_users" USING btree ("tenant_id","group_id","status","created_at");--> statement-breakpoint
CREATE INDEX "console_users_role_idx" ON "console_users" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "console_users_auto_login_uq" ON "console_users" USING btree ("auto_login_hash");