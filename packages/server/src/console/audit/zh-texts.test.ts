import * as builtInRoles from '@edp/shared/built-in-roles';
import * as commandWords from '@edp/shared/command-words';
import * as deviceWords from '@edp/shared/device-words';
import { catalogue } from '@edp/shared/errors';
import * as logWords from '@edp/shared/log-words';
import * as messages from '@edp/shared/messages';
import * as reportWords from '@edp/shared/report-words';
import { zhTypesettingFaults } from '@edp/shared/zh-typesetting';
import { describe, expect, it } from 'vitest';
import * as auditTexts from './audit-texts.ts';

/**
 * The server's own zh-CN texts (the errCode catalogue, success messages, the audit log's and
 * exports' words) are typeset by the rule the web's locales follow (@edp/shared/zh-typesetting;
 * issue 35, point 18).
 */
function zhTexts(value: unknown, at: string, seen = new Set<unknown>()): [string, string][] {
  if (!value || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  return Object.entries(value).flatMap(([k, v]) =>
    k === 'zh-CN' && typeof v === 'string' ? [[at, v]] : zhTexts(v, `${at}.${k}`, seen),
  );
}

describe("the server's zh-CN texts", () => {
  it('have no stray spaces, a space beside Latin and digits, and no ASCII colon', () => {
    const sources = {
      catalogue,
      messages,
      auditTexts,
      builtInRoles,
      commandWords,
      deviceWords,
      logWords,
      reportWords,
    };
    const texts = zhTexts(sources, '');
    expect(texts.length).toBeGreaterThan(500);
    const found = texts
      .map(([at, text]) => [at, text, zhTypesettingFaults(text).join(', ')])
      .filter(([, , faults]) => faults);
    expect(found).toEqual([]);
  });
});
