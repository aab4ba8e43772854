import { describe, expect, it } from 'vitest';
import { asLicenceState, LICENCE_STATE_COLOR, licenceStateOf } from './licence-status.ts';

describe('licence state', () => {
  it('maps days left to the states of docs/product.md §4', () => {
    expect(licenceStateOf(365)).toBe('normal');
    expect(licenceStateOf(30)).toBe('normal');
    expect(licenceStateOf(29)).toBe('expiring');
    expect(licenceStateOf(1)).toBe('expiring');
    expect(licenceStateOf(0)).toBe('expired');
    expect(licenceStateOf(null)).toBe('unlicensed');
  });

  it('colours each state and tolerates unknown values', () => {
    expect(LICENCE_STATE_COLOR[asLicenceState('normal')]).toBe('green');
    expect(LICENCE_STATE_COLOR[asLicenceState('expiring')]).toBe('orange');
    expect(LICENCE_STATE_COLOR[asLicenceState('expired')]).toBe('red');
    expect(asLicenceState('unlicensed')).toBe('unlicensed');
    expect(asLicenceState('bogus')).toBe('unlicensed');
    expect(asLicenceState(null)).toBe('unlicensed');
  });
});
