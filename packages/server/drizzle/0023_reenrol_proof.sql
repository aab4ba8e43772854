-- Issue 34: re-enrolment proves the engine (docs/engines.md "Re-enrolment"). Devices enrolled
-- before have no key: their current token proves them, and their next enrolment registers one
-- (the engine does it at its next start). Adding nullable columns rewrites no row.
ALTER TABLE "devices" ADD COLUMN "engine_key" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "enrol_proof_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "reenrol_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_engine_key_unique" UNIQUE("engine_key");