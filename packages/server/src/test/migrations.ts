import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '../platform/db/client.ts';

/**
 * The committed migrations up to (not including) `tag`, in a temporary folder of their own: a
 * database migrated with them holds rows as an older release wrote them, for a migration's test.
 */
export function migrationsBefore(tag: string): string {
  const from = migrationsFolder();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-migrations-'));
  fs.cpSync(from, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  if (cut <= 0) throw new Error(`no migration ${tag} after the first`);
  journal.entries = journal.entries.slice(0, cut);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}
