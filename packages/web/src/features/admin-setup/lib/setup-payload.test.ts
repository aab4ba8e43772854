import { describe, expect, it } from 'vitest';
import { md5Hex } from '../../../lib/md5.ts';
import { createdAccounts, setupPayload, type SetupValues } from './setup-payload.ts';

const duty = (account: string) => ({ account, name: account, password: 'Secret123', phone: '' });

describe('setupPayload', () => {
  it('hashes passwords and leaves out skipped duties and empty fields', () => {
    const values: SetupValues = {
      company: ' Acme ',
      sysName: 'DP',
      domain: 'Console.Example',
      admin: duty('root'),
      keyAdmin: { ...duty('keys'), include: false },
      operator: duty('ops'),
    };
    const body = setupPayload(values);
    expect(body.company).toBe('Acme');
    expect(body.domain).toBe('console.example');
    expect(body.admin).toEqual({
      account: 'root',
      name: 'root',
      password: md5Hex('Secret123'),
      phone: undefined,
      email: undefined,
    });
    expect(body.keyAdmin).toBeUndefined();
    expect(body.operator?.account).toBe('ops');
    expect(body.auditor).toBeUndefined();
    expect(createdAccounts(values).map((a) => a.duty)).toEqual(['admin', 'operator']);
  });
});
