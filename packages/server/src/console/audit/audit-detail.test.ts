import { describe, expect, it } from 'vitest';
import { changesText, fieldLabel, idsIn, readableChanges, readableNote } from './audit-detail.ts';

const role = '11111111-1111-4111-8111-111111111111';
const group = '22222222-2222-4222-8222-222222222222';
const gone = '33333333-3333-4333-8333-333333333333';
const names = new Map([
  [role, { name: '审计员', roleKey: 'auditor' as const }],
  [group, { name: 'East' }],
]);

describe('an audit detail as a reader reads it', () => {
  it('labels each field, names ids, words values, and marks what changed', () => {
    const detail = {
      before: { status: 'normal', roleId: role, name: 'A', groupIds: [group, gone] },
      after: { status: 'disabled', roleId: role, name: 'A', groupIds: [group] },
    };
    expect(new Set(idsIn(detail))).toEqual(new Set([role, group, gone]));
    expect(readableChanges(detail, 'en-US', names)).toEqual([
      { field: 'name', label: 'Name', before: 'A', after: 'A', changed: false, time: false },
      {
        field: 'status',
        label: 'Status',
        before: 'Normal',
        after: 'Disabled',
        changed: true,
        time: false,
      },
      {
        field: 'roleId',
        label: 'Role',
        before: 'Auditor',
        after: 'Auditor',
        changed: false,
        time: false,
      },
      {
        field: 'groupIds',
        label: 'Associated groups',
        // A group since deleted keeps its id: nothing else is known of it.
        before: `East, ${gone}`,
        after: 'East',
        changed: true,
        time: false,
      },
    ]);
  });

  it('reads nested settings, lists of records, times, empty values and unknown fields', () => {
    const changes = readableChanges(
      {
        before: [{ account: 'bob', groupId: group }],
        after: {
          groupId: null,
          pwdMatch: { list: ['upper', 'special'], range: [8, 20] },
          startAt: '2025-01-01T00:00:00.000Z',
          favouriteColour: 'blue',
        },
      },
      'zh-CN',
      names,
    );
    expect(changes.map((c) => [c.label, c.before, c.after, c.time])).toEqual([
      ['分组', null, '', false],
      ['开始时间', null, '2025-01-01T00:00:00.000Z', true],
      ['密码须包含', null, '大写字母、特殊字符', false],
      ['密码长度', null, '8–20', false],
      ['条目', '账号：bob、分组：East', null, false],
      ['Favourite colour', null, 'blue', false],
    ]);
    expect(fieldLabel('sysName', 'en-US')).toBe('System name');
  });

  it('translates the notes the server writes and writes one line for the CSV', () => {
    expect(readableNote({ note: 'by the vendor administrator' }, 'zh-CN')).toBe('由厂商管理员操作');
    expect(readableNote({ note: 'something new' }, 'en-US')).toBe('something new');
    expect(readableNote(null, 'en-US')).toBe('');
    const edit = readableChanges(
      { before: { name: 'A', status: 'normal' }, after: { name: 'A', status: 'disabled' } },
      'zh-CN',
      names,
    );
    expect(changesText(edit, '', 'zh-CN', (iso) => iso)).toBe('状态：正常 → 禁用');
    const proxy = readableChanges(
      { after: { roleId: role, endAt: '2025-01-01T00:00:00.000Z' } },
      'en-US',
      names,
    );
    expect(changesText(proxy, 'Note', 'en-US', () => 'LOCAL')).toBe(
      'Role: Auditor; End: LOCAL; Note',
    );
  });
});
