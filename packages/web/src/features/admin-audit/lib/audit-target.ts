import { purgeDevices } from '@edp/shared/api/console/devices.calls';
import type { TAuditItem } from '@edp/shared/contracts/console-admin';

/** Permanently deleted devices have no page to link to. */
const GONE = new Set<string>([purgeDevices.path]);

/**
 * An entry's target around the devices it names, so the page can link each name: the words
 * before the first name ("4 devices: "), those after the last (" and 3 more"). The server writes
 * the whole target in the reader's language (targetLabel); the names sit in it in order.
 * Undefined where there is nothing to link.
 */
export function targetAroundDevices(
  e: Pick<TAuditItem, 'action' | 'targetLabel' | 'devices'>,
): { before: string; after: string } | undefined {
  if (e.devices.length === 0 || GONE.has(e.action)) return undefined;
  const first = e.targetLabel.indexOf(e.devices[0]!.name);
  const last = e.devices.at(-1)!.name;
  const end = e.targetLabel.lastIndexOf(last);
  if (first < 0 || end < first) return undefined;
  return {
    before: e.targetLabel.slice(0, first),
    after: e.targetLabel.slice(end + last.length),
  };
}
