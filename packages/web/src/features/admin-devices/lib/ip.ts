const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/**
 * Whether `text` looks like an IPv4 or IPv6 address: a first check in the form; the server's
 * own (zod's) decides, and a refusal shows under the field.
 */
export function isIp(text: string): boolean {
  if (IPV4.test(text)) return true;
  if (!/^[0-9a-f:.]+$/i.test(text) || !text.includes(':') || text.includes(':::')) return false;
  const groups = text.split('::');
  if (groups.length > 2) return false;
  const parts = text.split(':').filter(Boolean);
  const last = parts.at(-1) ?? '';
  const v4Tail = last.includes('.') ? (IPV4.test(last) ? 1 : -99) : 0;
  const hex = parts.slice(0, v4Tail ? -1 : undefined);
  if (v4Tail < 0 || hex.some((p) => !/^[0-9a-f]{1,4}$/i.test(p))) return false;
  const count = hex.length + v4Tail * 2;
  return groups.length === 2 ? count < 8 : count === 8;
}
