import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TAG } from '../../admin-common/lib/tag-colors.ts';
import '../lib/locales.ts';
import '../components/keys.css';

/** Escrowed since when, or "Not escrowed" (a key the console could not recover). */
export function EscrowTag({ at, format }: { at: string | null; format: (iso: string) => string }) {
  const { t } = useTranslation('adminKeys');
  return at ? (
    <Tag color={TAG.ok}>
      {t('escrow.escrowed')} {format(at)}
    </Tag>
  ) : (
    <Tag color={TAG.bad}>{t('escrow.notEscrowed')}</Tag>
  );
}
