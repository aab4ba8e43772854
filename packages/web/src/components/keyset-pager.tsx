import { useCallback, useMemo, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import './keyset-pager.css';

/**
 * Keyset pages (a list with a `next` cursor and no total): the cursors of the pages before, to
 * go back; `reset` when a filter changes starts again at page 1.
 */
export function useKeyset() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  // Stable, so that a page may reset it from an effect.
  const reset = useCallback(
    () => setCursors((all) => (all.length === 1 && all[0] === undefined ? all : [undefined])),
    [],
  );
  return useMemo(
    () => ({
      cursor: cursors[cursors.length - 1],
      page: cursors.length,
      next: (c: string) => setCursors((all) => [...all, c]),
      back: () => setCursors((all) => (all.length > 1 ? all.slice(0, -1) : all)),
      reset,
    }),
    [cursors, reset],
  );
}

/** Previous / "Page N" / Next under a keyset list. */
export function KeysetPager({
  keyset,
  next,
  busy,
}: {
  keyset: ReturnType<typeof useKeyset>;
  next: string | null | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation('common');
  const label = t('pager.page', { page: keyset.page });
  return (
    <nav className="keyset-pager" aria-label={label}>
      <Button disabled={keyset.page === 1 || busy} onClick={keyset.back}>
        {t('pager.previous')}
      </Button>
      <span aria-live="polite">{label}</span>
      <Button disabled={!next || busy} onClick={() => next && keyset.next(next)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
