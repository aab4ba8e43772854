/**
 * The product versions' plain values: their states and the moves between them. They hold no zod,
 * so the browser imports them from here without the schemas of product-versions.ts, which
 * re-exports them (packages/web/build/screen-chunks.ts: no lazily loaded part runs zod).
 */

export const VERSION_STATES = ['draft', 'testing', 'released', 'withdrawn'] as const;
export type VersionState = (typeof VERSION_STATES)[number];

/**
 * Where a version's state may go: a draft is tested, a tested one released (or sent back to
 * draft), a released one withdrawn, and a withdrawn one released again. Declared once; the
 * screens' buttons read it too.
 */
export const VERSION_MOVES: Record<VersionState, readonly VersionState[]> = {
  draft: ['testing'],
  testing: ['draft', 'released'],
  released: ['withdrawn'],
  withdrawn: ['released'],
};
