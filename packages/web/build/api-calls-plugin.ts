import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import { routeOf, type Call } from '../../shared/src/api/define.ts';
import { fieldLimitsOf } from './field-limits.ts';
import type * as RegistryView from './registry-view.ts';

const API_DIR = path.resolve(import.meta.dirname, '../../shared/src/api');
const CALLS_FILE = /\.calls\.ts$/;
/** The registry's data modules, by path under api/ (their values: registry-view.ts). */
const DATA_FILES = ['console/pages'];

/**
 * The browser's view of the call registry. A `*.calls.ts` module of packages/shared/src/api
 * declares calls with their zod schemas; in the web build each is replaced by the same named
 * exports holding only `method`, `path` and `access` (what the typed client and the menus
 * read) and the limits of the body's fields (what the forms check, lib/field-limits.ts), so
 * zod — about 90 KB gzip — never reaches the browser. The declarations are read by
 * evaluating the registry in Node, so the browser gets exactly what the server registered.
 * The registry's data modules (registry-view.ts, DATA_MODULES) become their values.
 */
export function apiCallsPlugin(): Plugin {
  let modules: Promise<typeof RegistryView> | undefined;
  const load = () =>
    (modules ??= runnerImport<typeof RegistryView>(
      path.join(import.meta.dirname, 'registry-view.ts'),
    ).then((r) => r.module));

  return {
    name: 'edp-api-calls',
    enforce: 'pre',
    watchChange(id) {
      if (id.startsWith(API_DIR)) modules = undefined;
    },
    async load(id) {
      const file = id.split('?')[0]!;
      if (!file.startsWith(API_DIR + path.sep)) return null;
      const key = path.relative(API_DIR, file).replace(/\.ts$/, '').split(path.sep).join('/');
      if (!CALLS_FILE.test(file) && !DATA_FILES.includes(key)) return null;
      const { CALL_MODULES, DATA_MODULES } = await load();
      const data = DATA_MODULES[key];
      if (DATA_FILES.includes(key)) {
        if (!data) this.error(`${file} is not among registry-view.ts's DATA_MODULES`);
        this.addWatchFile(file);
        return Object.entries(data)
          .map(([name, value]) => {
            if (typeof value === 'function')
              this.error(`${file}: ${name} is a function; this module may hold data only`);
            return `export const ${name} = /* @__PURE__ */ Object.freeze(${JSON.stringify(value)});`;
          })
          .join('\n');
      }
      if (!CALLS_FILE.test(file)) return null;
      const declared = (CALL_MODULES as Record<string, Record<string, Call>>)[
        key.replace(/\.calls$/, '')
      ];
      if (!declared) this.error(`${file} declares calls but is not in api/registry.ts`);
      this.addWatchFile(file);
      return Object.entries(declared)
        .map(
          ([name, c]) =>
            `export const ${name} = /* @__PURE__ */ Object.freeze(${JSON.stringify(projected(c))});`,
        )
        .join('\n');
    },
  };
}

/** What the browser keeps of a call: its route, and its body's field limits when it has any. */
function projected(c: Call) {
  const fields = fieldLimitsOf(c.body);
  return Object.keys(fields).length ? { ...routeOf(c), fields } : routeOf(c);
}
