import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { engineCommands } from '@edp/shared/engine-commands';
import { changeLanguage } from '../../../locales/i18n.ts';
import { renderWithApp } from '../../../test/render.tsx';
import '../lib/admin-locales.ts';
import { EngineCommands } from './engine-commands.tsx';

const secret = 'edp_enrol_abcdefghijklmnopqrstuvwxyz012345';
const sha256 = '0123456789abcdef'.repeat(4);
const answer = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the engine commands', () => {
  beforeEach(() => changeLanguage('en-US'));
  afterEach(() => {
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });

  it('show the served file with its SHA-256 and the commands that download it from this console', async () => {
    const fetchMock = vi.fn(async (_url: string) =>
      answer(200, {
        success: true,
        errCode: 0,
        msg: 'OK',
        data: { fileName: 'edp-agent.mjs', size: 849_000, sha256, builtAt: '2026-11-25T08:00:00Z' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<EngineCommands secret={secret} kind="DPI" title="Get the engine" level={2} />);

    const expected = engineCommands({
      origin: window.location.origin,
      secret,
      sha256,
      kind: 'DPI',
    });
    expect(await screen.findByTestId('enrol-command')).toHaveTextContent(expected.run, {
      normalizeWhitespace: false,
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/agent/engine/info');
    expect(
      screen.getByText(/one file served by this console: edp-agent\.mjs, 829 KB/),
    ).toBeVisible();
    expect(screen.getByTestId('engine-sha256')).toHaveTextContent(sha256);
    expect(screen.getByRole('link', { name: /Download the engine/ })).toHaveAttribute(
      'href',
      '/api/agent/engine',
    );
    expect(expected.run).toContain(`${window.location.origin}/api/agent/engine`);

    await userEvent.click(screen.getByRole('tab', { name: 'Install as a service (systemd)' }));
    expect(await screen.findByTestId('enrol-service')).toHaveTextContent(expected.service, {
      normalizeWhitespace: false,
    });
  });

  it('say why when the console has no engine built', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(404, {
          success: false,
          errCode: -10105,
          msg: 'This server has no engine file built (run npm run build in the console folder)',
        }),
      ),
    );
    renderWithApp(<EngineCommands secret={secret} title="Get the engine" level={2} />);
    expect(
      await screen.findByText(
        'The engine file cannot be offered: This server has no engine file built (run npm run build in the console folder)',
      ),
    ).toBeVisible();
    expect(screen.queryByTestId('enrol-command')).toBeNull();
  });
});
