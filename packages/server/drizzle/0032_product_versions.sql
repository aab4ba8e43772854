CREATE TABLE "product_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"system_type" text NOT NULL,
	"number" text NOT NULL,
	"notes_zh" text DEFAULT '' NOT NULL,
	"notes_en" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_versions_uq" ON "product_versions" USING btree ("kind","system_type","number");--> statement-breakpoint
CREATE INDEX "product_versions_created_idx" ON "product_versions" USING btree ("created_at","id");