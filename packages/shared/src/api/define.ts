/**
 * The shape of a call declaration, and who may make it. Every call of the API is declared once,
 * in a `*.calls.ts` file beside this one (docs/architecture.md): the server registers its route,
 * guard and OpenAPI entry from it, the web calls it through the typed client, and the console's
 * menus and buttons read its access.
 *
 * This file holds no zod at run time: the browser imports it (access checks), and zod would cost
 * it about 90 KB gzip.
 */
import type { z } from 'zod';
import type { Locale } from '../errors.ts';
import type { SuccessKey } from '../messages.ts';
import { MENU_MODES, type MenuMode, type RoleGrant } from '../permissions.ts';

/** Who may make a call. */
export type Access =
  /** Anybody, signed in or not. */
  | { readonly who: 'public' }
  /** A company signed in to the customer portal. */
  | { readonly who: 'company' }
  /** The vendor's super administrator. */
  | { readonly who: 'vendor' }
  /** An engine with its device token. */
  | { readonly who: 'engine' }
  /** Any signed-in console user, about themselves. */
  | { readonly who: 'console'; readonly self: true }
  /** Console users whose roles hold one of `duties`; `write` calls need a writable role. */
  | {
      readonly who: 'console';
      readonly self?: false;
      readonly duties: readonly MenuMode[];
      readonly write: boolean;
    };

export type ConsoleAccess = Extract<Access, { who: 'console' }>;

export const publicAccess = { who: 'public' } as const;
export const companyAccess = { who: 'company' } as const;
export const vendorAccess = { who: 'vendor' } as const;
export const selfAccess = { who: 'console', self: true } as const;
/** A console read: roles holding one of `duties`, read-only roles too. */
export const consoleRead = (...duties: MenuMode[]) =>
  ({ who: 'console', duties, write: false }) as const;
/** A console change: writable roles holding one of `duties`. */
export const consoleWrite = (...duties: MenuMode[]) =>
  ({ who: 'console', duties, write: true }) as const;

/** A text in both languages the product speaks. */
export type Label = Readonly<Record<Locale, string>>;

/**
 * A call of the API under `/api`. POST calls take a JSON body and answer the envelope
 * `{ success, errCode, msg, data? }`; GET calls are the captcha images and file downloads.
 *
 * In the browser a declaration carries only `method`, `path` and `access`: the web build puts
 * these in place of the module (packages/web/build/api-calls-plugin.ts). The schemas stay on
 * the server and in the types.
 */
export interface Call {
  readonly method: 'GET' | 'POST';
  /** The path under /api as docs/product.md §7 spells it; `:name` segments are path parameters. */
  readonly path: string;
  readonly access: Access;
  /** OpenAPI group. */
  readonly tag: string;
  readonly summary: string;
  /**
   * What the call does, as its reader names it: the audit log shows it as the action (in the
   * reader's language, never the path), and a change's success toast names it ("移动设备成功").
   * The browser's view of a call keeps it for changes only (`routeOf`).
   */
  readonly label: Label;
  readonly description?: string;
  /** POST: the JSON body. Unknown fields are dropped; left out, the call takes no fields. */
  readonly body?: z.ZodType;
  /** GET: path parameters and query string. */
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** `data` of the success envelope; left out, the answer carries none. */
  readonly data?: z.ZodType;
  /** GET calls that answer a file or an image, not the envelope. */
  readonly file?: true;
  /** The success message (`msg`); default `ok`. */
  readonly message?: SuccessKey;
  /** `strict`: calls that try passwords, send mail or redeem secrets get 1/60 of the global
   * per-address budget; `none`: not limited (health checks). */
  readonly rateLimit?: 'strict' | 'none';
  /** A larger body limit (bytes) for uploads. */
  readonly bodyLimit?: number;
}

/** Declares a call; `const` keeps the path and access literal for the types. */
export function call<const C extends Call>(declaration: C): C {
  return declaration;
}

/** What the browser has of a call (see `Call`; build/api-calls-plugin.ts makes it with `routeOf`). */
export type Route = Pick<Call, 'method' | 'path' | 'access'> & { readonly label?: Label };

/** A change (a call with a success message) keeps its label: the toast says what was done. */
export function routeOf(c: Call): Route {
  const route = { method: c.method, path: c.path, access: c.access };
  return c.message ? { ...route, label: c.label } : route;
}

/** The request body a caller sends (before the server's defaults). */
export type BodyOf<C> = C extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : Record<string, never>;
/** The `data` of the answer. */
export type DataOf<C> = C extends { data: infer D extends z.ZodType } ? z.output<D> : undefined;
/** Path parameters of a GET call. */
export type ParamsOf<C> = C extends { params: infer P extends z.ZodType }
  ? z.input<P>
  : Record<string, never>;

/** True when any of `grants` (own role, plus proxied roles inside their window) allows the call. */
export function mayCall(grants: readonly RoleGrant[], access: ConsoleAccess): boolean {
  if (access.self) return true;
  return grants.some(
    (g) =>
      g.menus.some((m) => access.duties.includes(m)) && (!access.write || g.permission === 'write'),
  );
}

/** True when one of the role menu modes a user holds names a duty of `access` (a page opens). */
export function opensFor(access: ConsoleAccess, menus: readonly MenuMode[]): boolean {
  return menus.some((m) => dutiesOf(access).includes(m));
}

/** The duties a console access names (every duty for self calls). */
export function dutiesOf(access: ConsoleAccess): readonly MenuMode[] {
  return access.self ? MENU_MODES : access.duties;
}

/** The path of a GET call with its parameters filled in, e.g. `/com/dw/:id` → `/com/dw/42`. */
export function pathWith(c: Route, params: Record<string, string>): string {
  return c.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
