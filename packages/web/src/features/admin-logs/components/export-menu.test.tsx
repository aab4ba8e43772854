import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../../../app/providers.tsx';
import { changeLanguage } from '../../../locales/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { signInAdmin, type AdminSession } from '../../../lib/session.ts';
import '../../admin-common/lib/log-locales.ts';
import { operator } from '../../../test/console-fixtures.ts';
import { NO_LOG_FILTER } from '../lib/log-filter.ts';
import { ExportMenu } from './export-menu.tsx';

/**
 * A large export as the reader sees it: the bytes and rows received while the file streams, a
 * Cancel that stops it, and the file saved once whole.
 */
describe('the log export', () => {
  let feed: ReadableStreamDefaultController<Uint8Array>;
  let signal: AbortSignal | undefined;
  let clock = 0;

  beforeEach(async () => {
    await changeLanguage('en-US');
    signInAdmin('token', operator as unknown as AdminSession);
    // Each progress report comes "later" than the last, so none is skipped as too soon.
    vi.spyOn(Date, 'now').mockImplementation(() => (clock += 1_000));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        signal = init?.signal ?? undefined;
        const body = new ReadableStream<Uint8Array>({ start: (c) => void (feed = c) });
        signal?.addEventListener('abort', () => feed.error(signal!.reason));
        return new Response(body, {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="access-log-2026-11-26.csv"',
          },
        });
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });

  const start = async () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ExportMenu list="access" filter={{ ...NO_LOG_FILTER, outcome: 'denied' }} />
      </AppProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: /Export/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    const url = String(vi.mocked(fetch).mock.calls[0]![0]);
    expect(url).toMatch(/^\/api\/log\/dw\/access\?range=24h&outcome=denied&format=csv&tz=/);
  };
  const send = (text: string) => feed.enqueue(new TextEncoder().encode(text));

  it('shows the bytes and rows received, then saves the file', async () => {
    await start();
    send('Time,Device\r\n1,a\r\n');
    // The status shows at once (0 B); the chunk's count follows.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Exporting CSV: 18 B received · 1 row'),
    );
    send('2,b\r\n3,c\r\n');
    expect(await screen.findByText(/28 B received · 3 rows/)).toBeInTheDocument();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    feed.close();
    expect(await screen.findByText('Saved access-log-2026-11-26.csv')).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Cancel export' })).toBeNull();
  });

  it('stops on Cancel and saves nothing', async () => {
    await start();
    send('Time,Device\r\n');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel export' }));
    expect(signal?.aborted).toBe(true);
    expect(await screen.findByText('Export cancelled')).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
  });
});
