import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses a call the console makes for a tenant (an SMS gateway, cloud SMS, a webhook)
 * may reach (docs/notifications.md, "Internal addresses"). A tenant's administrator types the
 * address, so without this policy the console would be a way into the network it runs in: this
 * machine, the private networks around it and the cloud's metadata service.
 *
 * Only ordinary public unicast addresses are reachable. Everything ipaddr.js puts in a special
 * range is refused (loopback, RFC 1918, link-local with 169.254.169.254, unspecified, multicast,
 * broadcast, CGNAT 100.64/10 with Alibaba Cloud's metadata 100.100.100.200, unique-local IPv6,
 * documentation and reserved blocks), and the IPv6 forms that carry an IPv4 address (mapped,
 * translated, NAT64, 6to4) are judged by the IPv4 address they carry. The deployment, never a
 * tenant, may allow named internal hosts, addresses and ranges (OUTBOUND_ALLOW_HOSTS).
 */
export interface AllowList {
  /** Host names allowed whatever they resolve to (lower case, no trailing dot). */
  names: ReadonlySet<string>;
  ranges: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];
}

export const NOTHING_ALLOWED: AllowList = { names: new Set(), ranges: [] };

/** The allow-list from OUTBOUND_ALLOW_HOSTS's entries (config.ts has checked each one). */
export function allowList(entries: readonly string[]): AllowList {
  const names = new Set<string>();
  const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const entry of entries) {
    if (entry.includes('/')) ranges.push(ipaddr.parseCIDR(entry));
    else if (isIP(entry)) {
      const ip = ipaddr.parse(entry);
      ranges.push([ip, ip.kind() === 'ipv4' ? 32 : 128]);
    } else names.add(normalName(entry));
  }
  return { names, ranges };
}

export const normalName = (host: string) => host.toLowerCase().replace(/\.$/, '');

/** The IPv4 address an IPv6 translation form carries, or null for any other address. */
function carriedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = ip.toByteArray();
  switch (ip.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
    case 'rfc6052':
      return new ipaddr.IPv4(bytes.slice(12, 16));
    case '6to4':
      return new ipaddr.IPv4(bytes.slice(2, 6));
    default:
      return null;
  }
}

/** True for an address no tenant's call may reach: anything but public unicast. */
export function isInternal(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  const ip = ipaddr.process(address);
  if (ip.kind() === 'ipv4') return ip.range() !== 'unicast';
  const inner = carriedIPv4(ip as ipaddr.IPv6);
  if (inner) return inner.range() !== 'unicast';
  // Teredo and the other tunnels' addresses do not name a server of their own.
  return ip.range() !== 'unicast';
}

function inRanges(address: string, allow: AllowList): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.parse(address);
  const forms = [ip];
  if (ip.kind() === 'ipv6') {
    const inner = carriedIPv4(ip as ipaddr.IPv6);
    if (inner) forms.push(inner);
  }
  return allow.ranges.some(([net, bits]) =>
    forms.some((f) => f.kind() === net.kind() && f.match(net, bits)),
  );
}

/** Whether a connection to `address` (the one the socket is about to use) is refused. */
export function isRefused(address: string, allow: AllowList): boolean {
  return isInternal(address) && !inRanges(address, allow);
}

/** Whether the deployment allows this host name whatever it resolves to. */
export const isAllowedName = (host: string, allow: AllowList) => allow.names.has(normalName(host));

/** `localhost` and its subdomains are loopback by definition (RFC 6761), whatever DNS says. */
const LOOPBACK_NAME = /(^|\.)localhost\.?$/i;

/**
 * Whether an address's host is refused without asking DNS: an IP literal (as the URL parser
 * normalised it: `2130706433`, `0x7f.1` and `[::ffff:127.0.0.1]` are loopback) that is internal,
 * or a name under `localhost`. Other names are judged when the connection resolves them.
 */
export function isRefusedHost(url: URL, allow: AllowList): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isAllowedName(host, allow)) return false;
  if (isIP(host)) return isRefused(host, allow);
  return LOOPBACK_NAME.test(host);
}
