import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TEnrolSecretItem } from '@edp/shared/contracts/devices';
import { changeLanguage } from '../../../locales/i18n.ts';
import { signInAdmin } from '../../../lib/session.ts';
import { renderWithApp } from '../../../test/render.tsx';
import '../lib/admin-locales.ts';
import { EnrolSecretPicker } from './enrol-secret-picker.tsx';

const groupId = '00000000-0000-4000-8000-00000000000a';
const older = `edp_enrol_${'a'.repeat(28)}wxyz`;
const fresh = `edp_enrol_${'b'.repeat(28)}Q-_9`;
const item = (over: Partial<TEnrolSecretItem>): TEnrolSecretItem => ({
  id: '00000000-0000-4000-8000-000000000001',
  groupId,
  name: 'Beijing office rollout',
  hint: 'wxyz',
  createdBy: 'operator',
  createdAt: '2026-11-20T08:00:00.000Z',
  expiresAt: null,
  revokedBy: null,
  revokedAt: null,
  state: 'live',
  enrolled: 3,
  ...over,
});
const ok = (data: object) =>
  new Response(JSON.stringify({ success: true, errCode: 0, msg: 'OK', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * The secret the enrol commands use: the console keeps only a secret's SHA-256, so a secret made
 * before is pasted (and checked against its last four characters); one made here is shown once.
 */
describe('the enrolment secret picker', () => {
  let secrets: TEnrolSecretItem[];
  let made: object[];

  beforeEach(async () => {
    await changeLanguage('en-US');
    signInAdmin('token', {
      account: 'operator',
      menus: ['operate'],
      permission: 'write',
      userType: 3,
    });
    secrets = [item({}), item({ id: 'r', name: 'Old', state: 'revoked', hint: 'zzzz' })];
    made = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/api/user/group/list')
          return ok({ list: [{ id: groupId, name: 'Beijing', level: 1, parentId: null }] });
        if (url === '/api/dv/m/secret') return ok({ list: secrets, total: secrets.length });
        if (url === '/api/dv/m/secret/add') {
          const body = JSON.parse(String(init.body)) as { name: string };
          made.push(body);
          const answer = item({ id: 'new', name: body.name, hint: 'Q-_9', enrolled: 0 });
          secrets = [answer, ...secrets];
          return ok({ ...answer, secret: fresh });
        }
        throw new Error(`unexpected ${url}`);
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });

  const render = () =>
    renderWithApp(
      <EnrolSecretPicker groupId={groupId} level={2}>
        {(secret) => <p data-testid="commands">{secret}</p>}
      </EnrolSecretPicker>,
    );

  it('offers the live secrets only, and fills the commands with a pasted one that ends as it does', async () => {
    render();
    const field = await screen.findByLabelText('The secret itself');
    await userEvent.click(screen.getByRole('combobox', { name: 'Secret' }));
    const options = await screen.findAllByRole('option');
    // antd's list for screen readers names each option by its value: the live one only.
    expect(options.map((o) => o.textContent)).toEqual([item({}).id]);
    expect(screen.getAllByTitle('Beijing office rollout (ends in wxyz)').length).toBeGreaterThan(0);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('commands')).toBeNull();

    await userEvent.click(field);
    await userEvent.paste(fresh);
    expect(
      await screen.findByText('This is not "Beijing office rollout": that one ends in wxyz.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('commands')).toBeNull();

    await userEvent.clear(field);
    await userEvent.paste(older);
    expect(await screen.findByTestId('commands')).toHaveTextContent(older);
  });

  it('makes a named secret, shows it once with the commands, and chooses it', async () => {
    render();
    await userEvent.click(await screen.findByRole('button', { name: /New secret/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New enrolment secret' });
    const name = within(dialog).getByLabelText('Name');
    // Named after the group and the day unless the operator names it.
    expect((name as HTMLInputElement).value).toMatch(/^Beijing \d{4}-\d{2}-\d{2}$/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Lab machines');
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));

    expect(await screen.findByTestId('enrol-secret')).toHaveTextContent(fresh);
    expect(screen.getByText(/cannot show it again/)).toBeVisible();
    expect(screen.getByTestId('commands')).toHaveTextContent(fresh);
    expect(made).toEqual([{ groupId, name: 'Lab machines' }]);
    expect(await screen.findByText('Lab machines (ends in Q-_9)')).toBeVisible();
    expect(screen.queryByLabelText('The secret itself')).toBeNull();
  });
});
