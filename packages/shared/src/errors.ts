import { commonCatalogue, CommonErr } from './errors/common.ts';
import { engineCatalogue, EngineErr } from './errors/engine.ts';
import { portalCatalogue, PortalErr } from './errors/portal.ts';
import { consoleCatalogue, ConsoleErr } from './errors/console.ts';
import { agentCatalogue, AgentErr } from './errors/agent.ts';
import { commandCatalogue, CommandErr } from './errors/commands.ts';
import { ackCatalogue, AckErr } from './errors/elevation.ts';
import { notifyCatalogue, NotifyErr } from './errors/notify.ts';
import { fileCatalogue, FileErr } from './errors/files.ts';
import { keyCatalogue, KeyErr } from './errors/keys.ts';
import type { Catalogue, ErrorEntry } from './errors/types.ts';

/**
 * The errCode catalogue. Ranges: -1…-85 engine codes (docs/product.md §8); -10001…-10019 common;
 * -10020…-10059 customer portal and vendor; -10060…-10099 management console;
 * -10100…-10119 engine protocol; -10120…-10139 commands and tasks; -10150…-10159 elevation and
 * learning mode under review; -10160…-10169 SMS and warnings; -10170…-10179 uploaded files and
 * zip archives; -10180…-10209 key management.
 */
export const ErrCode = {
  ...CommonErr,
  ...PortalErr,
  ...ConsoleErr,
  ...AgentErr,
  ...CommandErr,
  ...AckErr,
  ...NotifyErr,
  ...FileErr,
  ...KeyErr,
  Engine: EngineErr,
} as const;

export const catalogue: Catalogue = {
  ...engineCatalogue,
  ...commonCatalogue,
  ...portalCatalogue,
  ...consoleCatalogue,
  ...agentCatalogue,
  ...commandCatalogue,
  ...ackCatalogue,
  ...notifyCatalogue,
  ...fileCatalogue,
  ...keyCatalogue,
};

export type Locale = 'zh-CN' | 'en-US';
export const locales: readonly Locale[] = ['zh-CN', 'en-US'];

export type { ErrorEntry };

/** The localised message for a code, with `{name}` placeholders filled from `params`. */
export function errorMessage(
  code: number,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  const entry = catalogue[code] ?? catalogue[CommonErr.Server]!;
  return entry[locale]
    .replace(/\{(\w+)\}/g, (_, key: string) => (key in params ? String(params[key]) : ''))
    .replace(/\s+$/, '');
}

export function errorStatus(code: number): number {
  return catalogue[code]?.status ?? 500;
}

export {
  CommonErr,
  EngineErr,
  PortalErr,
  ConsoleErr,
  AgentErr,
  CommandErr,
  AckErr,
  NotifyErr,
  FileErr,
  KeyErr,
};
