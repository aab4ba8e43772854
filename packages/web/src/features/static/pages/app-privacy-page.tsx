import { useTranslation } from 'react-i18next';
import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/privacy.lazy.ts';
import en from '../../../locales/en-US/privacy.lazy.ts';
import { LegalDocument } from '../components/legal-document.tsx';

// The long texts ship with this page only (see locales/resources.ts).
addLazyNamespace('privacy', { 'zh-CN': zh, 'en-US': en });

/** The privacy policy (docs/product.md §1, §2 /app-privacy), in the current language. */
export default function AppPrivacyPage() {
  const { t } = useTranslation('privacy');
  return (
    <LegalDocument
      doc={{
        title: t('title'),
        date: t('date'),
        intro: t('intro', { returnObjects: true }),
        sections: t('sections', { returnObjects: true }),
      }}
    />
  );
}
