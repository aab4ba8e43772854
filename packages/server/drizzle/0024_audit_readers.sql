-- Issue 35: who reads the audit log (docs/console.md "Audit log").
-- The system administrator reads the entries written under the audit duty: a partial index holds
-- only those, so that reader's pages and count read them alone however large the log grows. Its
-- predicate is the query's own expression (writtenUnderAuditDuty), so the planner matches it.
-- Both indexes are in the pages' order (`order by at desc, id desc`, nulls first): the auditor's
-- page was sorted from all the tenant's entries, as the old index's NULLS LAST did not match it.
DROP INDEX "console_audit_at_idx";--> statement-breakpoint
CREATE INDEX "console_audit_audit_duty_idx" ON "console_audit" USING btree ("tenant_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE 'audit' = any(string_to_array("console_audit"."duty", ','));--> statement-breakpoint
CREATE INDEX "console_audit_at_idx" ON "console_audit" USING btree ("tenant_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
