import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { post } from '../lib/http.ts';
import { renderWithApp } from '../test/render.tsx';

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('toasts', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    // antd's static message renders in a React root of its own, which cleanup() does not
    // unmount: its toasts' timers would wake that root after the file's jsdom is gone
    // ("window is not defined", an unhandled error failing the run). End them here.
    (await import('antd/es/message')).default.destroy();
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
