import { describe, expect, it } from 'vitest';
import { countOpenFiles, fileBudget, fileMargin, parseFileLimit, readFileLimit } from './index.ts';

describe('the file limit', () => {
  it("reads the soft limit of /proc/self/limits' Max open files", () => {
    const limits = [
      'Limit                     Soft Limit           Hard Limit           Units     ',
      'Max processes             63551                63551                processes ',
      'Max open files            20000                524288               files     ',
    ].join('\n');
    expect(parseFileLimit(limits)).toBe(20_000);
    expect(parseFileLimit(limits.replace('20000 ', 'unlimited'))).toBe(Infinity);
    expect(parseFileLimit('Max processes 10 10 processes')).toBeUndefined();
  });

  it.skipIf(process.platform !== 'linux')("reads this process's own limit and files", () => {
    const limit = readFileLimit();
    expect(limit).toBeGreaterThan(0);
    const open = countOpenFiles();
    expect(open).toBeGreaterThan(2);
    expect(open).toBeLessThan(limit!);
  });

  it('keeps a tenth of the limit, at least 256, for everything but streams', () => {
    expect(fileMargin(1_024)).toBe(256);
    expect(fileMargin(20_000)).toBe(2_000);
    expect(fileMargin(1_048_576)).toBe(104_858);
    expect(fileBudget({ limit: 20_000, openFiles: () => 0 }).streamsMax).toBe(18_000);
  });

  it('admits streams while the files open stay within the limit less the margin', () => {
    let open = 100;
    let now = 0;
    const budget = fileBudget({ limit: 1_024, openFiles: () => open, now: () => now });
    expect(budget.streamsMax).toBe(768);
    expect(budget.admit(0)).toBe(true);
    // Held streams alone: never more than the limit less the margin.
    expect(budget.admit(768)).toBe(false);
    // Files open (other connections among them) count too, recounted after a second.
    open = 769;
    expect(budget.admit(10)).toBe(true); // the count of a moment ago still stands
    now += 1_000;
    expect(budget.admit(10)).toBe(false);
    open = 700;
    now += 1_000;
    // Those admitted since the last count are added to it: 700 + 68 admitted, then no more.
    let admitted = 0;
    while (budget.admit(10)) admitted++;
    expect(admitted).toBe(69);
  });

  it('admits every stream where no limit is known, or it is unlimited', () => {
    for (const limit of [undefined, Infinity]) {
      const budget = fileBudget({ limit, openFiles: () => 1e9 });
      expect(budget.admit(1e9)).toBe(true);
      expect(budget.streamsMax).toBe(Infinity);
    }
  });
});
