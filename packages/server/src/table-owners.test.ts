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

/** The server's code: every `.ts` file but the tests. */
const serverFiles = () =>
  fs
    .readdirSync(src, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('test/'));

/** Every write of a table in the server's code: `table <- file`. */
function writes(): Set<string> {
  const found = new Set<string>();
  for (const file of serverFiles()) {
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

/** A file's text without its comments, so that prose ("read from tasks") is not taken for SQL. */
const code = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** Every read of a table in the server's code: `table <- file`. */
function reads(): Set<string> {
  const found = new Set<string>();
  for (const file of serverFiles()) {
    const text = code(fs.readFileSync(path.join(src, file), 'utf8'));
    const named: string[] = [];
    // Drizzle's builders, by the schema's export name: .from(devices), .innerJoin(tasks, …) …
    for (const m of text.matchAll(
      /\.(?:from|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*(?:alias\(\s*)?([A-Za-z_]+)\b/g,
    )) {
      const table = tablesByExport.get(m[1]!);
      if (table) named.push(table);
    }
    // SQL text: from t, join t (not `delete from t`, a write).
    for (const m of text.matchAll(/(?<!\bdelete\s+)\b(?:from|join)\s+"?([a-z_]+)"?/gi)) {
      named.push(m[1]!);
    }
    for (const table of named) if (tables.has(table)) found.add(`${table} <- ${file}`);
  }
  return found;
}

/**
 * A read model: a file `console/store/<name>-read-model.ts` (selects only) whose opening comment
 * names the module that owns the tables it presents, "(console/<owner> owns …)"; it may join the
 * tables it needs to present them (a device's group name). The portal's are the same in
 * `portal/store/`, naming a module of the portal, "(portal/<owner> owns …)".
 */
const READ_MODEL = /^(console|portal)\/store\/[a-z-]+-read-model\.ts$/;
const ownerNamedIn = (file: string) => {
  const owner = /\(((?:console|portal)\/[a-z-]+) owns\b/.exec(
    fs.readFileSync(path.join(src, file), 'utf8'),
  )?.[1];
  // A context's store presents the tables of its own modules only.
  return owner?.split('/')[0] === file.split('/')[0] ? owner : undefined;
};

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
    expect(outside.sort()).toEqual([]);
  });

  it('reads a table outside its owner only in a read model the owner names', () => {
    const found = reads();
    // Each read model of the store names the module whose tables it presents, and reads them.
    const readModels = new Map<string, string | undefined>();
    for (const r of found) {
      const file = r.split(' <- ')[1]!;
      if (READ_MODEL.test(file)) readModels.set(file, ownerNamedIn(file));
    }
    const unnamed = [...readModels].filter(
      ([file, owner]) =>
        !owner ||
        ![...found].some(
          (r) => r.endsWith(` <- ${file}`) && owners.get(r.split(' <- ')[0]!) === owner,
        ),
    );
    expect(unnamed.map(([file]) => file)).toEqual([]);

    const outside = [...found].filter((r) => {
      const [table, file] = r.split(' <- ') as [string, string];
      return moduleOf(file) !== owners.get(table) && !READ_MODEL.test(file);
    });
    expect(outside.sort()).toEqual([]);
  });
});
