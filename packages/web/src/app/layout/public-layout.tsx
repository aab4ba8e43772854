import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './language-switch.tsx';
import './public-layout.css';

/**
 * Frame of the public pages (landing, login, register, legal texts): a slim header with the
 * product name and the language switch, the page, and a footer with the legal links.
 */
export function PublicLayout() {
  const { t } = useTranslation('common');
  return (
    <div className="public-layout">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="public-layout__header">
        <Link to="/" className="brand">
          <img src="/icon.svg" alt="" width={28} height={28} />
          <span>{t('productShort')}</span>
        </Link>
        <LanguageSwitch />
      </header>
      <main id="main" className="public-layout__main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="public-layout__footer">
        <nav aria-label={t('footer.agreement') + ' / ' + t('footer.privacy')}>
          <Link to="/app-register">{t('footer.agreement')}</Link>
          <Link to="/app-privacy">{t('footer.privacy')}</Link>
        </nav>
        <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
      </footer>
    </div>
  );
}
