/** A file's size for people: bytes, KB, MB or GB (1024). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let n = bytes / 1024;
  let unit = 0;
  while (n >= 1024 && unit < units.length - 1) {
    n /= 1024;
    unit++;
  }
  return `${n.toFixed(1)} ${units[unit]}`;
}

/** True when a change of retention keeps less than before (a confirmation first). */
export const shortens = (before: number | undefined, after: number) =>
  before !== undefined && after < before;
