/**
 * Zod compiles a fast parser for each object schema with `new Function`, and checks whether it
 * may by calling `Function('')` once, when the first object schema is built. Under the console's
 * Content-Security-Policy (no 'unsafe-eval') that check is refused and the browser logs a CSP
 * violation on every page whose code builds a schema (Lighthouse's best practices lose
 * "inspector-issues"). Zod reads its settings from this global when it loads and again when a
 * schema is built, so setting it here — first in main.tsx, before any chunk that imports zod —
 * turns the compiled parsers off in the browser: no eval is tried, the schemas parse the same.
 * It writes the object `z.config({ jitless: true })` writes, without importing zod: the import
 * would put zod in /login's first load (195.2 -> 198.7 KB of its 200 KB budget).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};
