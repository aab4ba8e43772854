-- Issue 35: the system administrator reviews the entries written under the audit duty
-- (docs/console.md "Audit log"). A partial index holds only those, so that reader's pages and
-- count read them alone however large the log grows; the auditor's pages keep using
-- console_audit_at_idx. The predicate is the query's own expression (writtenUnderAuditDuty).
CREATE INDEX "console_audit_audit_duty_idx" ON "console_audit" USING btree ("tenant_id","at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE 'audit' = any(string_to_array("console_audit"."duty", ','));
