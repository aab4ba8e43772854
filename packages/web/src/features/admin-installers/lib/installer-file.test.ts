import { describe, expect, it } from 'vitest';
import { nameAndVersionOf } from './installer-file.ts';

describe("an installer file's name and version", () => {
  it('reads them from the usual package names', () => {
    expect(nameAndVersionOf('edp-agent_1.0.0_amd64.deb')).toEqual({
      name: 'edp-agent',
      version: '1.0.0',
    });
    expect(nameAndVersionOf('edp-agent-1.2.3-1.x86_64.rpm')).toEqual({
      name: 'edp-agent',
      version: '1.2.3',
    });
    expect(nameAndVersionOf('edp-agent-2.0.1.tar.gz')).toEqual({
      name: 'edp-agent',
      version: '2.0.1',
    });
    expect(nameAndVersionOf('EDP_Setup_v3.4.exe')).toEqual({ name: 'EDP_Setup', version: '3.4' });
  });

  it('reads nothing from a name without a version', () => {
    expect(nameAndVersionOf('installer.deb')).toBeUndefined();
    expect(nameAndVersionOf('edp-agent_amd64.deb')).toBeUndefined();
    expect(nameAndVersionOf('1.0.0.zip')).toBeUndefined();
  });
});
