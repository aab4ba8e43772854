import { z } from 'zod';
import { ZIsoTime } from './com.ts';
import { ZList, ZListRequest, ZUuid } from './common.ts';
import { rule } from './field-rules.ts';
import { VERSION_PATTERN } from './installer-format.ts';
import { ZEngineKind } from './licence-file.ts';
import { VERSION_STATES } from './product-versions-values.ts';

export * from './product-versions-values.ts';

/**
 * The vendor's product versions (issue 39 point 2; docs/portal.md "Product versions"): a version
 * of one engine kind for one system, with release notes in both languages and a state.
 */

const ZNotes = z.string().trim().max(4000).default('');

export const ZVersionEdit = z.object({
  id: ZUuid.optional().describe('Absent: a new draft'),
  kind: ZEngineKind,
  systemType: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .describe('The operating system it is for, as installers name it, e.g. CentOS 7, Windows 10'),
  number: z
    .string()
    .trim()
    .max(48)
    .regex(VERSION_PATTERN, rule('version'))
    .describe('Semantic version, e.g. 2.3.0'),
  notesZh: ZNotes.describe('Release notes in Simplified Chinese'),
  notesEn: ZNotes.describe('Release notes in English'),
});
export type TVersionEdit = z.output<typeof ZVersionEdit>;

export const ZVersionMove = z.object({ id: ZUuid, state: z.enum(VERSION_STATES) });
export const ZVersionRef = z.object({ id: ZUuid });

export const ZVersionListRequest = ZListRequest.extend({
  kind: ZEngineKind.optional(),
  state: z.enum(VERSION_STATES).optional(),
  keyword: z.string().trim().max(64).optional().describe('Part of the number or the system'),
});

export const ZVersionItem = z.object({
  id: z.string(),
  kind: ZEngineKind,
  systemType: z.string(),
  number: z.string(),
  notesZh: z.string(),
  notesEn: z.string(),
  state: z.enum(VERSION_STATES),
  releasedAt: ZIsoTime.nullable().describe('When it was last released'),
  createdAt: ZIsoTime,
  updatedAt: ZIsoTime,
  engines: z.number().int().describe('Running engines of this kind that report this number'),
  customers: z.number().int().describe('Customers with such an engine in a linked tenant'),
  installers: z.number().int().describe("Tenants' installers of this kind, system and number"),
});
export type TVersionItem = z.infer<typeof ZVersionItem>;
export const ZVersionList = ZList(ZVersionItem);

/** `/sa/ver/users`: the customers that run one version, most engines first. */
export const ZVersionUsers = z.object({
  list: z.array(
    z.object({
      companyId: z.string(),
      company: z.string(),
      engines: z.number().int(),
    }),
  ),
});

/**
 * `/dv/m/installer/releases`: the versions the vendor has released, as a tenant's console offers
 * them (never a draft, one in testing or a withdrawn one), newest release first.
 */
export const ZReleasedVersions = z.object({
  list: z.array(
    z.object({
      kind: ZEngineKind,
      systemType: z.string(),
      number: z.string(),
      notes: z.string().describe("The release notes in the caller's language"),
      releasedAt: ZIsoTime,
    }),
  ),
});
export type TReleasedVersion = z.infer<typeof ZReleasedVersions>['list'][number];

/**
 * What the vendor's catalogue says of one engine version, the one an upgrade brings: released
 * (with its notes in the caller's language), held back (listed, but only as a draft, in testing
 * or withdrawn: `heldAs`), or unlisted (the catalogue does not name it).
 */
export const ZVersionRelease = z.object({
  state: z.enum(['released', 'held', 'unlisted']),
  heldAs: z.enum(VERSION_STATES).nullable().describe('The state it is held in; null unless held'),
  notes: z.string().describe("The release notes in the caller's language ('' unless released)"),
  releasedAt: ZIsoTime.nullable(),
});
export type TVersionRelease = z.infer<typeof ZVersionRelease>;
