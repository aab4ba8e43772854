import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Table } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TAlertItem } from '@edp/shared/contracts/logs';
import { AppProviders } from '../../../app/providers.tsx';
import { changeLanguage } from '../../../locales/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { useAlertColumns } from './alert-columns.tsx';
import { PathText } from './path-text.tsx';

const PATH = '/srv/finance/quarterly-reports-2026/consolidated_statement_final.xlsx';
const PROGRAM = 'C:\\Program Files\\Office\\EXCEL.EXE';

/** The pieces a line may end between: the markup split at each `<wbr>`. */
const pieces = (el: Element) => el.innerHTML.split('<wbr>');

const alert: TAlertItem = {
  id: '00000000-0000-4000-8000-0000000000f1',
  at: '2026-11-20T08:00:00.000Z',
  kind: 'dpi',
  deviceId: '00000000-0000-4000-8000-0000000000d1',
  deviceName: 'srv-01',
  groupName: 'Beijing',
  action: 'altered',
  outcome: '',
  program: PROGRAM,
  user: 'root',
  path: PATH,
  sha256: '',
  state: 'new',
  source: 'dpi',
  ruleName: '',
  changedBy: null,
  changedAt: null,
  note: '',
};

function AlertTable() {
  return <Table rowKey="id" columns={useAlertColumns()} dataSource={[alert]} pagination={false} />;
}

/** Issue 35, point 23: file names in the alert list wrap after a separator, never mid-name. */
describe('a path in the alert list', () => {
  beforeEach(() => changeLanguage('en-US'));
  afterEach(() => changeLanguage('zh-CN'));

  it('may break only after its separators, and reads and copies whole', () => {
    render(<PathText path={PATH} />);
    const text = screen.getByTitle(PATH);
    // Copying selects the text: the path itself, nothing added.
    expect(text.textContent).toBe(PATH);
    expect(pieces(text)).toEqual([
      '/',
      'srv/',
      'finance/',
      'quarterly-reports-2026/',
      'consolidated_statement_final.xlsx',
    ]);
  });

  it("shows the alert's path and its Windows program with breaks after each separator", () => {
    const router = createMemoryRouter([{ path: '/', element: <AlertTable /> }]);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const row = screen.getAllByRole('row')[1]!;
    const path = within(row).getByTitle(PATH);
    expect(
      pieces(path)
        .slice(0, -1)
        .every((p) => p.endsWith('/')),
    ).toBe(true);
    expect(pieces(path)).toHaveLength(5);
    const program = within(row).getByTitle(PROGRAM);
    expect(program.textContent).toBe(PROGRAM);
    expect(pieces(program)).toEqual(['C:\\', 'Program Files\\', 'Office\\', 'EXCEL.EXE']);
  });
});
