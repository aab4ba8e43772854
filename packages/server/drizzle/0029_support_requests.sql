CREATE TABLE "support_request_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"side" text NOT NULL,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"no" bigserial NOT NULL,
	"company_id" uuid NOT NULL,
	"project" text DEFAULT '' NOT NULL,
	"product" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"priority" text NOT NULL,
	"expected_at" timestamp with time zone NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"status_reason" text DEFAULT '' NOT NULL,
	"test_status" text,
	"replies" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_requests_no_unique" UNIQUE("no")
);
--> statement-breakpoint
ALTER TABLE "support_request_messages" ADD CONSTRAINT "support_request_messages_request_id_support_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."support_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_request_messages_request_idx" ON "support_request_messages" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "support_requests_company_idx" ON "support_requests" USING btree ("company_id","no" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_requests_status_idx" ON "support_requests" USING btree ("status","no" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_requests_open_expected_idx" ON "support_requests" USING btree ("expected_at") WHERE "support_requests"."status" in ('new', 'processing');