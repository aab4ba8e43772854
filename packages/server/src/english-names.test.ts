import { CALLS } from '@edp/shared/api/registry';
import * as commandWords from '@edp/shared/command-words';
import * as deviceWords from '@edp/shared/device-words';
import { catalogue } from '@edp/shared/errors';
import * as logWords from '@edp/shared/log-words';
import * as messages from '@edp/shared/messages';
import * as reportWords from '@edp/shared/report-words';
import { describe, expect, it } from 'vitest';
import * as auditTexts from './console/audit/audit-texts.ts';

/**
 * The server's English texts (the errCode catalogue, messages, the audit log's, exports' and
 * reports' words, the calls' labels) name a licence as the screens do: "license" (issue 35,
 * point 15; docs/decisions.md, names table). Code names keep "licence".
 */
function enTexts(value: unknown, at: string, seen = new Set<unknown>()): [string, string][] {
  if (!value || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  return Object.entries(value).flatMap(([k, v]) =>
    k === 'en-US' && typeof v === 'string' ? [[at, v]] : enTexts(v, `${at}.${k}`, seen),
  );
}

describe("the server's English texts", () => {
  it('say "license", never "licence"', () => {
    const labels = Object.fromEntries(Object.entries(CALLS).map(([name, c]) => [name, c.label]));
    const texts = enTexts(
      { catalogue, messages, auditTexts, commandWords, deviceWords, logWords, reportWords, labels },
      '',
    );
    expect(texts.length).toBeGreaterThan(500);
    expect(texts.filter(([, text]) => /\blicences?\b/i.test(text))).toEqual([]);
  });
});
