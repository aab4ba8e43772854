import { useTranslation } from 'react-i18next';
import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/agreement.lazy.ts';
import en from '../../../locales/en-US/agreement.lazy.ts';
import { LegalDocument } from '../components/legal-document.tsx';

// The long texts ship with this page only (see locales/resources.ts).
addLazyNamespace('agreement', { 'zh-CN': zh, 'en-US': en });

/** The user registration agreement (docs/product.md §1, §2 /app-register), in the current language. */
export default function AppRegisterPage() {
  const { t } = useTranslation('agreement');
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
