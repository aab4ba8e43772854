import { describe, expect, it } from 'vitest';
import { targetAroundDevices } from './audit-target.ts';

const devices = [
  { id: 'a', name: 'srv-01' },
  { id: 'b', name: 'srv-02' },
];

describe('targetAroundDevices', () => {
  it('finds the words around a bulk action’s device names, in either language', () => {
    expect(
      targetAroundDevices({ action: '/dv/m/mv', targetLabel: '2 台设备：srv-01、srv-02', devices }),
    ).toEqual({ before: '2 台设备：', after: '' });
    expect(
      targetAroundDevices({
        action: '/dv/m/del',
        targetLabel: '5 devices: srv-01, srv-02 and 3 more',
        devices,
      }),
    ).toEqual({ before: '5 devices: ', after: ' and 3 more' });
  });
  it('links one device named as the target, none of a permanent deletion or an entry without devices', () => {
    const one = [{ id: 'e', name: 'edge-07' }];
    expect(
      targetAroundDevices({ action: '/agent/enrol', targetLabel: 'edge-07', devices: one }),
    ).toEqual({ before: '', after: '' });
    expect(
      targetAroundDevices({
        action: '/dv/m/real/del',
        targetLabel: '1 device: edge-07',
        devices: one,
      }),
    ).toBeUndefined();
    expect(
      targetAroundDevices({ action: '/user/add', targetLabel: 'bob', devices: [] }),
    ).toBeUndefined();
  });
});
