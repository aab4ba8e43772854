import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TLicenceStatus } from '@edp/shared/contracts/com';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { makeCompany } from '../../test/portal-fixture.ts';
import { licenceQueries } from './licence-query-repository.ts';

const DAY = 86_400_000;

/**
 * A page is kept until its `stableUntil`: up to the instant before it, the same call must read
 * the same; at it, something must read otherwise (else the page could have been kept longer).
 */
describe('licence pages: until when an answer holds', () => {
  let ctx: TestContext;
  let companyId: string;
  const start = Date.UTC(2026, 10, 22, 9, 0, 0);

  beforeAll(async () => {
    ctx = await createTestApp();
    companyId = (await makeCompany(ctx)).id;
    // Expiries spread around the 0- and 30-day boundaries, off whole days.
    const offsets = [
      -2 * DAY,
      3_600_000,
      2.5 * DAY,
      29.9 * DAY,
      30 * DAY + 7_000,
      31.2 * DAY,
      90 * DAY,
    ];
    for (const [i, offset] of offsets.entries()) {
      await ctx.app.platform.db.execute(sql`
        with e as (
          insert into engines (company_id, device_id, kind, fingerprint)
          values (${companyId}, ${`q-${i}`}, 'TDE', ${`fp-q-${i}`}) returning id)
        insert into licences (company_id, engine_id, code, serial, issued_at, expires_at)
        select ${companyId}, id, ${`Q-${i}`}, 1, ${new Date(start - DAY).toISOString()}::timestamptz,
               ${new Date(start + offset).toISOString()}::timestamptz from e`);
    }
  });
  afterAll(() => ctx.close());

  const read = (at: number, status?: TLicenceStatus, pageSize = 10) =>
    licenceQueries(ctx.app.platform.db, { now: () => at }).licencePage(companyId, {
      page: 1,
      pageSize,
      status,
    });

  it.each([undefined, 'normal', 'expiring', 'expired'] as const)(
    'holds a page (status %s) exactly until it would change, over 40 days',
    async (status) => {
      let at = start;
      let changes = 0;
      while (at < start + 40 * DAY) {
        const page = await read(at, status, 2);
        const until = page.stableUntil;
        if (until === Infinity) break;
        expect(until).toBeGreaterThan(at);
        expect((await read(until - 1, status, 2)).data).toEqual(page.data);
        expect((await read(until, status, 2)).data).not.toEqual(page.data);
        at = until;
        changes++;
      }
      expect(changes).toBeGreaterThan(0);
    },
  );
});
