import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { ViteUserConfig } from 'vitest/config';

/**
 * The server's test files in two vitest projects, so that `npm test` runs on PostgreSQL only
 * what can differ there:
 * - `server`: every file whose run can depend on the database the suite is given (DB=pg or
 *   not): it reads DB itself or imports, at any depth, a file of this repository that does
 *   (test/harness.ts, the only reader, from which every test app and database come). These run
 *   on PGlite and again on PostgreSQL.
 * - `server-unit`: the others (pure functions, a PGlite a file opens itself), run once, on the
 *   PGlite step: on PostgreSQL they would only repeat the same run.
 * Files are sorted by reading their imports (TypeScript's own scanner: static, `import()` and
 * `require` of a literal path), so a new test file lands in the right project without a rename.
 * A test that loads the harness by a computed path would be missed: import it by its name.
 */

const root = import.meta.dirname;
const sharedSrc = path.resolve(root, '../shared/src');
const readsDbPattern =
  /process\.env(?:\.DB\b|\[\s*['"]DB['"]\s*\])|\bDB\b[^}]*\}\s*=\s*process\.env\b/;

/** A relative or @edp/shared import of `from`, as the file it names (undefined: a package). */
function resolveImport(from: string, specifier: string): string | undefined {
  let target: string;
  if (specifier.startsWith('.')) target = path.resolve(path.dirname(from), specifier);
  else if (specifier.startsWith('@edp/shared/')) target = path.join(sharedSrc, specifier.slice(12));
  else return undefined;
  for (const file of [target, `${target}.ts`, path.join(target, 'index.ts')]) {
    if (/\.[cm]?[jt]sx?$/.test(file) && fs.existsSync(file)) return file;
  }
  return undefined;
}

/** Whether a file reads DB, and the files of this repository it imports (each read once). */
const scanned = new Map<string, { readsDb: boolean; imports: string[] }>();
function scan(file: string) {
  let entry = scanned.get(file);
  if (!entry) {
    const text = fs.readFileSync(file, 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    entry = {
      readsDb: readsDbPattern.test(text),
      imports: importedFiles.flatMap(({ fileName }) => resolveImport(file, fileName) ?? []),
    };
    scanned.set(file, entry);
  }
  return entry;
}

function dependsOnDb(file: string, seen: Set<string>): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const { readsDb, imports } = scan(file);
  return readsDb || imports.some((target) => dependsOnDb(target, seen));
}

/** The test files (relative to packages/server) that do not depend on the database. */
export function dbFreeTestFiles(): string[] {
  return fs
    .readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `src/${name.split(path.sep).join('/')}`)
    .filter((name) => !dependsOnDb(path.join(root, name), new Set()))
    .sort();
}

/** What both projects share. */
export const serverTestOptions = {
  root,
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // Test files share a worker's loaded modules: each file still builds its own app on its own
  // database (test/harness.ts), and no server test mocks a module or leaves state in one. Each
  // file importing the whole server again cost 62 s of the 232 s run (166 s without).
  isolate: false,
} satisfies NonNullable<ViteUserConfig['test']>;
