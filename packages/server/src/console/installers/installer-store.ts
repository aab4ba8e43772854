import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Installer files under `<dataDir>/installers/<tenant>/<id>`. Both parts are ids the server
 * made (checked again here), so nothing a user typed ever reaches a path. A file is written to
 * a temporary name beside its place and renamed into it, so a reader never sees half a file.
 */
export function installerStore(dataDir: string) {
  const root = path.join(dataDir, 'installers');

  function pathOf(tenantId: string, id: string): string {
    if (!UUID.test(tenantId) || !UUID.test(id)) throw new Error('installer path from a non-id');
    return path.join(root, tenantId.toLowerCase(), id.toLowerCase());
  }

  return {
    pathOf,

    /** Writes `bytes` under a temporary name; `commit` renames it into place, `abort` drops it. */
    async stage(tenantId: string, id: string, bytes: Uint8Array) {
      const final = pathOf(tenantId, id);
      await fs.mkdir(path.dirname(final), { recursive: true });
      const temp = `${final}.${randomBytes(6).toString('hex')}.part`;
      const handle = await fs.open(temp, 'wx', 0o640);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } catch (err) {
        await handle.close();
        await fs.rm(temp, { force: true });
        throw err;
      }
      await handle.close();
      return {
        commit: () => fs.rename(temp, final),
        abort: () => fs.rm(temp, { force: true }),
      };
    },

    /** The file's size, or undefined when it is missing. */
    async size(tenantId: string, id: string): Promise<number | undefined> {
      try {
        return (await fs.stat(pathOf(tenantId, id))).size;
      } catch {
        return undefined;
      }
    },

    async remove(tenantId: string, id: string): Promise<void> {
      await fs.rm(pathOf(tenantId, id), { force: true });
    },

    /** Every file of a tenant (the tenant was deleted). */
    async removeTenant(tenantId: string): Promise<void> {
      if (!UUID.test(tenantId)) throw new Error('installer path from a non-id');
      await fs.rm(path.join(root, tenantId.toLowerCase()), { recursive: true, force: true });
    },
  };
}
export type InstallerStore = ReturnType<typeof installerStore>;

export const isUuid = (text: string) => UUID.test(text);
