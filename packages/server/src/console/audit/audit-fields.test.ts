import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { HIDDEN_FIELDS } from './audit-detail.ts';
import { ACTION_FIELDS, FIELD_LABELS } from './audit-texts.ts';

const fieldLabelOf = (field: string, locale: 'zh-CN' | 'en-US') => FIELD_LABELS[field]?.[locale];

/**
 * Every field a service writes into an entry's before/after has a label in both languages, so the
 * next new field cannot reach a reader as its code name ("Window s", "Reason" in a Chinese log;
 * issue 35, point 10). The fields are read from the services' own code by TypeScript's checker:
 * the type of each `before`/`after` passed to the audit service, whatever expression builds it
 * (`summary(user)`, a request body), so a field added to a summary or a contract is seen too.
 */
const here = dirname(fileURLToPath(import.meta.url));
const consoleDir = resolve(here, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The files that write the audit log: the audit service's callers and the service itself. */
const writers = sources(consoleDir).filter((f) =>
  /audit\w*\.(change|event)\(|repo\.insert\(\{/.test(readFileSync(f, 'utf8')),
);

const isAuditCall = (call: ts.CallExpression) =>
  /(^|\.)audit\w*\.(change|event)$|^repo\.insert$/i.test(call.expression.getText());

/** `outer` or `outer.inner` as audit-detail.ts reads a side: one level of nesting, lists as items. */
function fieldNames(type: ts.Type, checker: ts.TypeChecker, at: ts.Node): string[] {
  if (type.isUnion()) return type.types.flatMap((t) => fieldNames(t, checker, at));
  if (checker.isArrayType(type)) return ['items'];
  const props = checker.getPropertiesOfType(type);
  return props.flatMap((p) => {
    const t = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(p, at));
    // `field: undefined` is how a service leaves a field out.
    if (t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Never)) return [];
    if (HIDDEN_FIELDS.has(p.name)) return [];
    const inner = t.isUnion() ? t.types : [t];
    const nested = inner.filter(
      (x) =>
        x.flags & ts.TypeFlags.Object && !checker.isArrayType(x) && !x.getCallSignatures().length,
    );
    if (nested.length === 0) return [p.name];
    return nested.flatMap((x) => checker.getPropertiesOfType(x).map((q) => `${p.name}.${q.name}`));
  });
}

export interface Written {
  file: string;
  field: string;
}

function writtenFields(): { fields: Written[]; unknown: string[] } {
  const program = ts.createProgram(writers, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    noEmit: true,
    strict: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const fields: Written[] = [];
  const unknown: string[] = [];
  for (const file of writers) {
    const sf = program.getSourceFile(file)!;
    const short = file.slice(consoleDir.length + 1);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && isAuditCall(node)) {
        for (const arg of node.arguments) {
          if (!ts.isObjectLiteralExpression(arg)) continue;
          const detail = arg.properties.find((p) => p.name?.getText() === 'detail');
          const holder =
            detail &&
            ts.isPropertyAssignment(detail) &&
            ts.isObjectLiteralExpression(detail.initializer)
              ? detail.initializer
              : arg;
          for (const side of ['before', 'after']) {
            const prop = holder.properties.find((p) => p.name?.getText() === side);
            if (!prop) continue;
            const type = checker.getNonNullableType(checker.getTypeAtLocation(prop));
            const where = `${short}:${sf.getLineAndCharacterOfPosition(prop.getStart()).line + 1}`;
            if (type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) unknown.push(where);
            else
              for (const field of fieldNames(type, checker, prop))
                fields.push({ file: where, field });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { fields, unknown };
}

describe('the audit log labels every field the server writes', () => {
  const { fields, unknown } = writtenFields();

  it('finds the fields of every writer', () => {
    expect(writers.length).toBeGreaterThan(15);
    expect(fields.length).toBeGreaterThan(100);
    expect(fields.map((f) => f.field)).toEqual(
      expect.arrayContaining(['windowS', 'request', 'reason']),
    );
    // A side typed `unknown` cannot be walked: only those whose shape another test pins down.
    expect(unknown).toEqual([]);
  });

  it('in zh-CN and en-US, and the fields an action renames too', () => {
    const renamed = Object.values(ACTION_FIELDS).flatMap((names) =>
      Object.values(names).map((field) => ({ file: 'audit-texts.ts', field })),
    );
    fields.push(...renamed);
    const missing = fields.filter(
      (f) => !fieldLabelOf(f.field, 'zh-CN') || !fieldLabelOf(f.field, 'en-US'),
    );
    expect(missing).toEqual([]);
  });
});
