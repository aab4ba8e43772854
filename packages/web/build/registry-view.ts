/**
 * What build/api-calls-plugin.ts evaluates in Node, in one go (each evaluation costs seconds):
 * the call registry and the registry's data modules.
 */
import * as consolePages from '../../shared/src/api/console/pages.ts';

export { CALL_MODULES } from '../../shared/src/api/registry.ts';

/**
 * Modules of the registry that hold data read from calls, by path under api/: the console's
 * pages with the access of the call that opens each. The browser gets their values, not the
 * call modules they import: the route table needs the pages at once, and the entry chunk would
 * otherwise carry every export of those call modules (1.3 KB gzip on /login's first load).
 */
export const DATA_MODULES: Record<string, Record<string, unknown>> = {
  'console/pages': consolePages,
};
