import { describe, expect, it } from 'vitest';
import { areaNames } from './area-names.ts';

const acme = { sysName: 'ACME 数据防护', company: 'ACME Ltd' };

describe('areaNames', () => {
  it('names the console after its tenant: system name, else company, else the product', () => {
    expect(areaNames('admin', 'zh-CN', acme, 'EDP 控制台')).toEqual({
      title: 'ACME 数据防护',
      short: 'ACME 数据防护',
    });
    expect(
      areaNames('admin', 'en-US', { sysName: '', company: 'ACME Ltd' }, 'EDP Console'),
    ).toEqual({ title: 'ACME Ltd', short: 'ACME Ltd' });
    expect(areaNames('admin', 'en-US', null, 'EDP Console')).toEqual({
      title: 'EDP Endpoint Data Protection Console',
      short: 'EDP Console',
    });
  });

  it("never puts a tenant's name on the vendor's pages or the portal's", () => {
    expect(areaNames('vendor', 'zh-CN', acme, 'EDP 控制台')).toEqual({
      title: 'EDP 厂商管理后台',
      short: 'EDP 厂商后台',
    });
    expect(areaNames('vendor', 'en-US', acme, 'EDP Console').title).toBe(
      'EDP Vendor Administration',
    );
    expect(areaNames('portal', 'zh-CN', acme, 'EDP 控制台')).toEqual({
      title: 'EDP 终端数据防护管理平台',
      short: 'EDP 控制台',
    });
  });
});
