import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './platform/db/schema/index.ts';

const src = path.dirname(fileURLToPath(import.meta.url));
const doc = path.resolve(src, '../../../docs/architecture.md');

/** The list "table → owning module" of docs/architecture.md, "Table owners". */
function ownersOfDoc(): Map<string, string> {
  const text = fs.readFileSync(doc, 'utf8');
  const section = text.slice(text.indexOf('### Table owners'));
  const block = section.slice(
    section.indexOf('```') + 3,
    section.indexOf('```', section.indexOf('```') + 3),
  );
  const owners = new Map<string, string>();
  for (const line of block.split('\n')) {
    const m = /^\s*([a-z_]+)\s+([a-z/-]+)\s*$/.exec(line);
    if (m) owners.set(m[1]!, m[2]!);
  }
  return owners;
}

/** The module a server file belongs to: `engines`, or a context's folder (`console/devices`). */
const moduleOf = (file: string) => {
  const parts = file.split('/');
  return parts[0] === 'engines' ? 'engines' : parts.slice(0, 2).join('/');
};

const tablesByExport = new Map<string, string>();
for (const [name, value] of Object.entries(schema)) {
  if (is(value, PgTable)) tablesByExport.set(name, getTableName(value as PgTable));
}
const tables = new Set(tablesByExport.values());

/** Every write of a table in the server's code: `table <- file`. */
function writes(): Set<string> {
  const found = new Set<string>();
  const files = fs
    .readdirSync(src, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('test/'));
  for (const file of files) {
    const text = fs.readFileSync(path.join(src, file), 'utf8');
    const named: string[] = [];
    // Drizzle's builders, by the schema's export name: db.insert(devices), tx.update(tasks) …
    for (const m of text.matchAll(/\.(?:insert|update|delete)\(\s*([A-Za-z_]+)\s*\)/g)) {
      const table = tablesByExport.get(m[1]!);
      if (table) named.push(table);
    }
    // SQL text: insert into t, update t [alias] set, delete from t.
    for (const m of text.matchAll(
      /\b(?:insert\s+into|delete\s+from)\s+"?([a-z_]+)"?|\bupdate\s+"?([a-z_]+)"?(?:\s+(?:as\s+)?[a-z_]+)?\s+set\b/g,
    )) {
      named.push((m[1] ?? m[2])!);
    }
    for (const table of named) if (tables.has(table)) found.add(`${table} <- ${file}`);
  }
  return found;
}

/**
 * Writes not yet moved to their owner (issue 36): each goes when its module owns it. The test
 * fails when one is no longer in the code, so that the list only shrinks.
 */
const PENDING = new Set<string>([]);

describe.runIf(process.env.DB !== 'pg')('table owners', () => {
  const owners = ownersOfDoc();

  it('names an owner for every table, and only tables that exist', () => {
    expect([...tables].filter((t) => !owners.has(t)).sort()).toEqual([]);
    expect([...owners.keys()].filter((t) => !tables.has(t)).sort()).toEqual([]);
  });

  it("writes each table only in its owner's module", () => {
    const outside = [...writes()].filter((w) => {
      const [table, file] = w.split(' <- ') as [string, string];
      return moduleOf(file) !== owners.get(table);
    });
    expect(outside.filter((w) => !PENDING.has(w)).sort()).toEqual([]);
    expect([...PENDING].filter((w) => !outside.includes(w)).sort()).toEqual([]);
  });
});
