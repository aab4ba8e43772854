import { describe, expect, it } from 'vitest';
import { roleAndDuty } from './audit-who.ts';

const both = ({ role, duty }: { role: string; duty: string }) => `${role}（${duty}）`;

describe('roleAndDuty', () => {
  it('shows a built-in role once, as its duty reads the same', () => {
    expect(roleAndDuty('审计员', '审计员', both)).toBe('审计员');
  });
  it('adds the duty where the role’s name does not say it', () => {
    expect(roleAndDuty('Night shift', '安全操作员', both)).toBe('Night shift（安全操作员）');
  });
  it('shows the duty alone for an actor without a role (an engine), the role alone without a duty', () => {
    expect(roleAndDuty('', '引擎', both)).toBe('引擎');
    expect(roleAndDuty('Ops', '', both)).toBe('Ops');
    expect(roleAndDuty('', '', both)).toBe('');
  });
});
