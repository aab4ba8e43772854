import type { TReleasedVersion } from '@edp/shared/contracts/product-versions';
import type { Locale } from '@edp/shared/errors';
import { createHash, randomUUID } from 'node:crypto';
import {
  MAX_INSTALLER_BYTES,
  installerExtension,
  magicMatches,
  type TInstallerItem,
  type TInstallerList,
  type TInstallerListRequest,
  type TInstallerUpload,
} from '@edp/shared/contracts/installers';
import { CommonErr, ConsoleErr } from '@edp/shared/errors';
import type { Platform } from '../../platform/platform.ts';
import { AppError } from '../../platform/errors/index.ts';
import { isUniqueViolation } from '../../platform/db/index.ts';
import type { AuditService } from '../audit/index.ts';
import type { Caller } from '../access/index.ts';
import { installerRepository, type InstallerRow } from './installer-repository.ts';
import { installerStore, isUuid } from './installer-store.ts';

const itemOf = (r: InstallerRow): TInstallerItem => ({
  id: r.id,
  name: r.name,
  fileName: r.fileName,
  version: r.version,
  kind: r.kind,
  systemVersion: r.systemVersion,
  description: r.description,
  size: r.size,
  sha256: r.sha256,
  uploader: r.uploader,
  createdAt: r.createdAt.toISOString(),
});

/** The bytes of a base64 text, or undefined when it is not whole base64 (Node skips bad characters). */
function decoded(base64: string): Buffer | undefined {
  const bytes = Buffer.from(base64, 'base64');
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  if (base64.length % 4 !== 0 || bytes.length !== (base64.length / 4) * 3 - padding)
    return undefined;
  return bytes;
}

/** A refusal of one field of the body, worded by a field rule (docs/architecture.md §5). */
const refused = (field: string, rule: string) =>
  new AppError(CommonErr.Invalid, { field: `body.${field}`, detail: rule });

/**
 * Installers and versions (docs/engines.md "Installers"): upload, list, download and delete,
 * scoped to the caller's tenant; uploads and deletions are audited.
 */
export function installerService({
  db,
  config,
  audit,
  releasedVersions,
}: Pick<Platform, 'db' | 'config'> & {
  audit: AuditService;
  /** The vendor's released versions (portal/version's, wired in services.ts). */
  releasedVersions: (locale: Locale) => Promise<TReleasedVersion[]>;
}) {
  const repo = installerRepository(db);
  const store = installerStore(config.dataDir);

  /** The caller's tenant's installer, or 404 (unknown id, not an id, another tenant's). */
  async function own(tenantId: string, id: string): Promise<InstallerRow> {
    const row = isUuid(id) ? await repo.findById(tenantId, id) : undefined;
    if (!row) throw new AppError(CommonErr.NotFound);
    return row;
  }

  return {
    /** What the vendor has released, offered beside the tenant's own installers. */
    releases: async (locale: Locale) => ({ list: await releasedVersions(locale) }),

    async list(caller: Caller, q: TInstallerListRequest): Promise<TInstallerList> {
      const { rows, total } = await repo.page(caller.actor.tenantId, q);
      return { list: rows.map(itemOf), total, page: q.page, pageSize: q.pageSize };
    },

    async upload(caller: Caller, input: TInstallerUpload) {
      const tenantId = caller.actor.tenantId;
      const bytes = decoded(input.file);
      if (!bytes || bytes.length === 0) throw refused('file', 'rule.base64');
      if (bytes.length > MAX_INSTALLER_BYTES) throw new AppError(CommonErr.TooLarge);
      const ext = installerExtension(input.fileName);
      if (!ext) throw refused('fileName', 'rule.installerExtension');
      if (!magicMatches(ext, bytes.subarray(0, 16))) throw refused('file', 'rule.installerFormat');
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const id = randomUUID();
      const staged = await store.stage(tenantId, id, bytes);
      const { file: _file, ...fields } = input;
      try {
        await repo.insert({
          id,
          tenantId,
          ...fields,
          size: bytes.length,
          sha256,
          uploader: caller.actor.account,
          uploaderId: caller.actor.userId,
        });
      } catch (err) {
        await staged.abort();
        if (isUniqueViolation(err)) throw new AppError(ConsoleErr.InstallerExists);
        throw err;
      }
      try {
        await staged.commit();
      } catch (err) {
        await repo.delete(tenantId, id);
        await staged.abort();
        throw err;
      }
      await audit.change(caller, {
        target: `${input.name} ${input.version}`,
        after: { ...fields, size: bytes.length, sha256 },
      });
      return { id, sha256, size: bytes.length };
    },

    async delete(caller: Caller, id: string): Promise<void> {
      const tenantId = caller.actor.tenantId;
      const row = await repo.delete(tenantId, (await own(tenantId, id)).id);
      if (!row) throw new AppError(CommonErr.NotFound);
      await store.remove(tenantId, row.id);
      await audit.change(caller, {
        target: `${row.name} ${row.version}`,
        before: { ...itemOf(row), createdAt: undefined },
      });
    },

    /** The installer to download and where its file is; 404 when the owner is another tenant. */
    async file(caller: Caller, owner: string, id: string) {
      const tenantId = caller.actor.tenantId;
      if (owner !== tenantId) throw new AppError(CommonErr.NotFound);
      const row = await own(tenantId, id);
      const size = await store.size(tenantId, row.id);
      if (size === undefined) throw new AppError(CommonErr.NotFound);
      return { row, size, path: store.pathOf(tenantId, row.id) };
    },

    /** A deleted tenant's files (its rows went with the tenant). */
    removeTenantFiles: (tenantId: string) => store.removeTenant(tenantId),
  };
}
export type InstallerService = ReturnType<typeof installerService>;
