import { deleteVersion, moveVersion, saveVersion } from '@edp/shared/api/portal/versions.calls';
import {
  VERSION_MOVES,
  type TReleasedVersion,
  type TVersionRelease,
  type TVersionEdit,
  type TVersionItem,
  type VersionState,
} from '@edp/shared/contracts/product-versions';
import type { TListRequest } from '@edp/shared/contracts/common';
import type { EngineKind } from '@edp/shared/constants';
import { CommonErr, PortalErr, type Locale } from '@edp/shared/errors';
import { isUniqueViolation } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors/index.ts';
import type { Platform } from '../../platform/platform.ts';
import type { VendorActor, VendorAuditRecord } from '../../platform/sessions/index.ts';
import { companyReadModel } from '../store/index.ts';
import type { VersionFacts } from './version-facts.ts';
import { versionRepository, type VersionRow } from './version-repository.ts';

/** The most customers `/sa/ver/users` lists. */
const USERS_MAX = 100;
/** A held version's state as the console names it: the one furthest from release first. */
const HELD_ORDER = ['withdrawn', 'testing', 'draft'] as const;

/** Release notes in the reader's language, else in the other. */
const notesIn = (v: VersionRow, locale: Locale) =>
  locale === 'en-US' ? v.notesEn || v.notesZh : v.notesZh || v.notesEn;

/** The most released versions a console is offered. */
const RELEASED_MAX = 200;

const nameOf = (v: Pick<VersionRow, 'kind' | 'systemType' | 'number'>) =>
  `${v.kind} ${v.number} (${v.systemType})`;
const shown = (v: VersionRow) => ({
  kind: v.kind,
  systemType: v.systemType,
  number: v.number,
  state: v.state,
});

/**
 * The vendor's product versions (docs/portal.md "Product versions"): drafts made and edited,
 * moved through VERSION_MOVES, listed with how many running engines and customers report each
 * (from the console, through `facts`). Every change is in the vendor's audit log.
 */
export function versionService(
  deps: Pick<Platform, 'db'> & { facts: VersionFacts; vendorAudit: VendorAuditRecord },
) {
  const { facts, vendorAudit } = deps;
  const repo = versionRepository(deps.db);
  const companies = companyReadModel(deps.db);

  async function version(id: string): Promise<VersionRow> {
    const row = await repo.find(id);
    if (!row) throw new AppError(CommonErr.NotFound);
    return row;
  }

  return {
    async list(q: TListRequest & { kind?: EngineKind; state?: VersionState; keyword?: string }) {
      const { rows, total } = await repo.page(q);
      const [usage, installers] = await Promise.all([
        facts.usage(rows.map((r) => ({ kind: r.kind, version: r.number }))),
        facts.installers(
          rows.map((r) => ({ kind: r.kind, systemVersion: r.systemType, version: r.number })),
        ),
      ]);
      const list: TVersionItem[] = rows.map((r) => {
        const used = usage.find((u) => u.kind === r.kind && u.version === r.number);
        const held = installers.find(
          (i) => i.kind === r.kind && i.systemVersion === r.systemType && i.version === r.number,
        );
        return {
          ...r,
          releasedAt: r.releasedAt?.toISOString() ?? null,
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
          engines: used?.engines ?? 0,
          customers: used?.customers ?? 0,
          installers: held?.count ?? 0,
        };
      });
      return { list, total, page: q.page, pageSize: q.pageSize };
    },

    /**
     * A new draft, or a version's notes; a draft's kind, system and number too (once tested,
     * what engines report is fixed: -10051).
     */
    async save(actor: VendorActor, input: TVersionEdit): Promise<{ id: string }> {
      const { id, ...values } = input;
      try {
        if (!id) {
          const made = await repo.insert(values);
          await vendorAudit(actor, {
            action: saveVersion.path,
            target: nameOf(values),
            after: values,
          });
          return { id: made };
        }
        const before = await version(id);
        const renamed =
          before.kind !== values.kind ||
          before.systemType !== values.systemType ||
          before.number !== values.number;
        if (renamed && before.state !== 'draft') throw new AppError(PortalErr.VersionNotDraft);
        if (!(await repo.update(id, before.state, values))) {
          throw new AppError(PortalErr.VersionMoveRefused);
        }
        await vendorAudit(actor, {
          action: saveVersion.path,
          target: nameOf(values),
          before: { ...shown(before), notesZh: before.notesZh, notesEn: before.notesEn },
          after: values,
        });
        return { id };
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(PortalErr.VersionExists);
        throw err;
      }
    },

    /** Moves a version as VERSION_MOVES allows, from the state read (of two at once, one wins). */
    async move(actor: VendorActor, id: string, state: VersionState) {
      const before = await version(id);
      if (!VERSION_MOVES[before.state].includes(state)) {
        throw new AppError(PortalErr.VersionMoveRefused);
      }
      const values = state === 'released' ? { state, releasedAt: new Date() } : { state };
      if (!(await repo.update(id, before.state, values))) {
        throw new AppError(PortalErr.VersionMoveRefused);
      }
      await vendorAudit(actor, {
        action: moveVersion.path,
        target: nameOf(before),
        before: { state: before.state },
        after: { state },
      });
    },

    async del(actor: VendorActor, id: string) {
      const before = await version(id);
      if (!(await repo.deleteDraft(id))) throw new AppError(PortalErr.VersionNotDraft);
      await vendorAudit(actor, {
        action: deleteVersion.path,
        target: nameOf(before),
        before: shown(before),
      });
    },

    /** What a tenant's console is offered: the released versions, notes in `locale`. */
    async released(locale: Locale): Promise<TReleasedVersion[]> {
      return (await repo.released(RELEASED_MAX)).map((v) => ({
        kind: v.kind,
        systemType: v.systemType,
        number: v.number,
        notes: notesIn(v, locale),
        releasedAt: (v.releasedAt ?? v.updatedAt).toISOString(),
      }));
    },

    /**
     * The catalogue's word on one number, for every kind and system at once (the console's
     * engine file is every kind's): released when one of its entries is, with the newest
     * release's notes; held when it is listed only otherwise (the furthest state: withdrawn,
     * then testing, then draft); unlisted when no entry has it.
     */
    async releaseOf(number: string, locale: Locale): Promise<TVersionRelease> {
      const rows = await repo.withNumber(number);
      const released = rows
        .filter((v) => v.state === 'released')
        .sort((a, b) => (b.releasedAt?.getTime() ?? 0) - (a.releasedAt?.getTime() ?? 0))[0];
      if (released) {
        return {
          state: 'released',
          heldAs: null,
          notes: notesIn(released, locale),
          releasedAt: (released.releasedAt ?? released.updatedAt).toISOString(),
        };
      }
      const held = HELD_ORDER.find((s) => rows.some((v) => v.state === s));
      return {
        state: held ? 'held' : 'unlisted',
        heldAs: held ?? null,
        notes: '',
        releasedAt: null,
      };
    },

    /** The customers whose running engines report the version, most engines first. */
    async users(id: string) {
      const v = await version(id);
      const users = await facts.users(v.kind, v.number, USERS_MAX);
      const names = await companies.contacts(users.map((u) => u.companyId));
      return {
        list: users.map((u) => ({ ...u, company: names.get(u.companyId)?.company ?? '' })),
      };
    },
  };
}
export type VersionService = ReturnType<typeof versionService>;
