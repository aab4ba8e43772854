import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Keyset pages (the logs have no total: counting a year of events would cost more than the
 * page): the cursors of the pages before, so Previous goes back; a new filter (`key`) starts
 * again at page 1.
 */
export function useKeyset(key: string) {
  const [state, setState] = useState<{ key: string; cursors: (string | undefined)[] }>({
    key,
    cursors: [undefined],
  });
  const cursors = state.key === key ? state.cursors : [undefined];
  return {
    cursor: cursors[cursors.length - 1],
    page: cursors.length,
    next: (cursor: string) => setState({ key, cursors: [...cursors, cursor] }),
    previous: () => setState({ key, cursors: cursors.slice(0, -1) }),
  };
}
export type Keyset = ReturnType<typeof useKeyset>;

/** Previous / Page N / Next under a keyset list; the page number is announced. */
export function KeysetPager({
  keyset,
  next,
  busy,
}: {
  keyset: Keyset;
  /** The answer's `next`: null on the last page. */
  next: string | null | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation('adminLogs');
  return (
    <nav className="log-pager" aria-label={t('pager.label')}>
      <Button disabled={keyset.page === 1 || busy} onClick={keyset.previous}>
        {t('pager.previous')}
      </Button>
      <span aria-live="polite">{t('pager.pageOf', { page: keyset.page })}</span>
      <Button disabled={!next || busy} onClick={() => next && keyset.next(next)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
