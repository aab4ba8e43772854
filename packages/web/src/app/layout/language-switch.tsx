import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../locales/i18n.ts';
import { LANGUAGES } from '../../locales/types.ts';

/**
 * The language selector of the header and the public pages (docs/product.md §1): one toggle button per
 * language (aria-pressed), each name in its own language. Buttons rather than Select or
 * Segmented keep it out of the way of the /login size budget.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const current = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  return (
    <div role="group" aria-label={t('language.label')} className="language-switch">
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          size="small"
          type={language === current ? 'primary' : 'text'}
          aria-pressed={language === current}
          lang={language}
          onClick={() => void changeLanguage(language)}
        >
          {t(`language.${language}`)}
        </Button>
      ))}
    </div>
  );
}
