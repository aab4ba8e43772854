import { describe, expect, it } from 'vitest';
import {
  changesText,
  devicesIn,
  fieldLabel,
  idsIn,
  readableChanges,
  readableNote,
  readableTarget,
} from './audit-detail.ts';

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

  it('reads a bulk action’s target as its devices counted and named, the rest as "and M more"', () => {
    const devices = [
      { id: 'a', name: 'srv-01' },
      { id: 'b', name: 'srv-02' },
    ];
    expect(readableTarget('srv-01, srv-02', { devices, count: 2 }, 'zh-CN')).toBe(
      '2 台设备：srv-01、srv-02',
    );
    expect(readableTarget('srv-01, srv-02', { devices, count: 5 }, 'en-US')).toBe(
      '5 devices: srv-01, srv-02 and 3 more',
    );
    expect(readableTarget('srv-01', { devices: devices.slice(0, 1), count: 1 }, 'en-US')).toBe(
      '1 device: srv-01',
    );
    expect(devicesIn({ devices, count: 5 })).toEqual({ devices, more: 3 });
    // Entries written before devices were named, and any other entry, read as recorded.
    expect(readableTarget('4', { after: { action: 'move' } }, 'en-US')).toBe('4');
    expect(devicesIn({ devices: [{ id: 1 }], count: 'x' })).toEqual({ devices: [], more: 0 });
  });

  it('reads filters and device fields by label, a group once by name, numbers as words', () => {
    const detail = {
      after: {
        groupId: group,
        group: 'East',
        filter: { type: -1, presence: 'never', groupId: group, subgroups: false },
      },
    };
    expect(new Set(idsIn(detail))).toEqual(new Set([group]));
    const zh = readableChanges(detail, 'zh-CN', names).map((c) => [c.label, c.after]);
    expect(zh).toEqual(
      expect.arrayContaining([
        ['分组', 'East'],
        ['筛选：授权类型', '未授权'],
        ['筛选：在线状态', '从未上线'],
        ['筛选：分组', 'East'],
        ['筛选：包含子分组', '否'],
      ]),
    );
    expect(zh.map(([label]) => label)).not.toContain('目标分组');
  });

  it("reads an elevation request's kind as the request's, and its window as a duration", () => {
    const detail = {
      after: { request: 'r1', kind: 'elevation', windowS: 93_600, reason: '装补丁' },
    };
    const zh = readableChanges(detail, 'zh-CN', names, '/ack/m/ele').map((c) => [c.label, c.after]);
    expect(zh).toEqual([
      ['申请编号', 'r1'],
      ['申请类型', '提权'],
      ['申请时长', '1 天 2 小时'],
      ['理由', '装补丁'],
    ]);
    const en = readableChanges(detail, 'en-US', names, '/ack/m/ele').map((c) => c.label);
    expect(en).toEqual(['Request ID', 'Request kind', 'Window', 'Reason']);
    // An engine's kind elsewhere stays the engine's.
    expect(readableChanges({ after: { kind: 'edp' } }, 'zh-CN', names)[0]?.label).toBe('引擎类型');
  });
});
