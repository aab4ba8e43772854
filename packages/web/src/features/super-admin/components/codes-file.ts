/** The text of a codes download: one code a line, ending with a line break. */
export function codesText(codes: readonly string[]): string {
  return codes.length ? `${codes.join('\n')}\n` : '';
}

/** A file name for the codes of a package, safe on every system. */
export function codesFileName(packageName: string, now = new Date()): string {
  const safe = packageName.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'codes';
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return `recharge-codes-${safe}-${stamp}.txt`;
}
