import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AckReviewBar, TAckItem } from '@edp/shared/contracts/elevation';
import { changeLanguage } from '../../../locales/i18n.ts';
import { signInAdmin, type AdminSession } from '../../../lib/session.ts';
import { renderWithApp } from '../../../test/render.tsx';
import AdminLearningReviewPage from './admin-learning-review-page.tsx';

const auditor = {
  id: '00000000-0000-4000-8000-0000000000e2',
  account: 'auditor',
  menus: ['audit'],
  permission: 'write',
  userType: 3,
};

const request = (
  n: number,
  review: { may: boolean; bar: AckReviewBar | null },
  deviceName = `srv-0${n}`,
): TAckItem => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  kind: 'learning',
  state: 'pending',
  phase: 'pending',
  deviceId: `00000000-0000-4000-8000-00000000020${n}`,
  deviceName,
  reason: 'new ERP release',
  windowS: 3600,
  askedBy: { id: '00000000-0000-4000-8000-0000000000e1', account: 'stand-in' },
  askedAt: '2026-11-27T08:00:00.000Z',
  expiresAt: '2026-11-30T08:00:00.000Z',
  reviewedBy: null,
  reviewedAt: null,
  reviewReason: null,
  withdrawnBy: null,
  review,
  validFrom: null,
  validUntil: null,
  endedAt: null,
  delivery: null,
});

/**
 * Issue 35 point 2: a Pass that the server will refuse is disabled before any note is typed,
 * with the server's reason as visible text the buttons are described by; one the caller may
 * review stays enabled. In both languages.
 */
describe('the review page says before anything is typed who may not review', () => {
  beforeEach(() => {
    signInAdmin('token', auditor as unknown as AdminSession);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const data =
          url === '/api/ack/s/check/list'
            ? {
                list: [
                  request(1, { may: false, bar: 'askerActedForYou' }),
                  request(2, { may: false, bar: 'actsForAsker' }),
                  request(3, { may: true, bar: null }),
                ],
                next: null,
              }
            : {};
        return new Response(JSON.stringify({ success: true, errCode: 0, msg: 'OK', data }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const cases = [
    {
      lang: 'zh-CN',
      approve: (d: string) => `通过 ${d} 的申请`,
      dismiss: (d: string) => `驳回 ${d} 的申请`,
      acted: /申请人提交申请时代理了您的角色/,
      acts: /您正代理申请人的角色/,
    },
    {
      lang: 'en-US',
      approve: (d: string) => `Approve the request for ${d}`,
      dismiss: (d: string) => `Dismiss the request for ${d}`,
      acted: /The asker held your role by proxy when asking/,
      acts: /You hold the asker's role by proxy/,
    },
  ] as const;

  for (const c of cases)
    it(`in ${c.lang}`, async () => {
      await changeLanguage(c.lang);
      renderWithApp(<AdminLearningReviewPage />);
      for (const [device, why] of [
        ['srv-01', c.acted],
        ['srv-02', c.acts],
      ] as const) {
        // Found through its row: a role query over the whole page computes every button's
        // accessible name, seconds in jsdom.
        const row = (await screen.findByText(device)).closest('tr')!;
        const pass = within(row).getByRole('button', { name: c.approve(device) });
        const dismiss = within(row).getByRole('button', { name: c.dismiss(device) });
        expect(pass).toBeDisabled();
        expect(dismiss).toBeDisabled();
        // Visible in the row, and what the buttons are described by for a screen reader.
        expect(within(row).getByText(why)).toBeVisible();
        expect(pass).toHaveAccessibleDescription(why);
        expect(dismiss).toHaveAccessibleDescription(why);
      }
      const free = screen.getByText('srv-03').closest('tr')!;
      expect(within(free).getByRole('button', { name: c.approve('srv-03') })).toBeEnabled();
      expect(within(free).getByRole('button', { name: c.dismiss('srv-03') })).toBeEnabled();
    });
});
