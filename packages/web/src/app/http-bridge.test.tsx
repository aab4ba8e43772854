import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { post } from '../lib/http.ts';
import { endToasts } from './http-bridge.tsx';
import { renderWithApp } from '../test/render.tsx';

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('toasts', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    // Each test starts without the last one's toasts (setup.ts ends them after a file's last
    // test only).
    await endToasts();
    await new Promise((resolve) => setTimeout(resolve, 100));
  });

  it('clears an earlier error when a success is shown, so the two never stand side by side', async () => {
    renderWithApp(<p>page</p>);
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(answer({ success: false, errCode: -10020, msg: '验证码错误' }, 400))
        .mockResolvedValueOnce(answer({ success: true, errCode: 0, msg: '注册成功' })),
    );
    await post('/com/n/reg').catch(() => undefined);
    expect(await screen.findByText('验证码错误')).toBeInTheDocument();
    await post('/com/n/reg', {}, { success: true });
    expect(await screen.findByText('注册成功')).toBeInTheDocument();
    // Gone as far as jsdom lets it go: antd's leave transition starts (it never ends without CSS),
    // at once, not when the error's own 3 s are up.
    await waitFor(
      () =>
        expect(screen.getByText('验证码错误').closest('.ant-message-notice')?.className).toMatch(
          /fade-leave/,
        ),
      { timeout: 500 },
    );
    expect(screen.getByText('注册成功').closest('.ant-message-notice')?.className).not.toMatch(
      /leave/,
    );
  });
});
