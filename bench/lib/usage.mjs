import fs from 'node:fs';

const TICKS = 100; // clock ticks per second (getconf CLK_TCK)

/** A process's CPU seconds so far and its resident memory now (MB), from /proc. */
export function usageOf(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const cpu = (Number(stat[11]) + Number(stat[12])) / TICKS;
  const rss = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return { cpu, rssMb: Number(rss?.[1] ?? 0) / 1024 };
}
