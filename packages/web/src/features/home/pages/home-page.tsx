import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/home.lazy.ts';
import en from '../../../locales/en-US/home.lazy.ts';
import { useSession } from '../../../lib/use-session.ts';
import { EngineList } from '../components/engine-list.tsx';
import { FeatureList } from '../components/feature-list.tsx';
import './home-page.css';

addLazyNamespace('home', { 'zh-CN': zh, 'en-US': en });

/** The public landing page (docs/product.md §2 /). */
export default function HomePage() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const { company } = useSession();
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <p className="hero__eyebrow">{t('hero.eyebrow')}</p>
        <h1 id="hero-title" className="hero__title">
          {t('hero.title')}
        </h1>
        <p className="hero__lead">{t('hero.lead')}</p>
        <div className="hero__actions">
          {company ? (
            <Button type="primary" size="large" onClick={() => void navigate('/myauth')}>
              {t('hero.console')}
            </Button>
          ) : (
            <>
              <Button type="primary" size="large" onClick={() => void navigate('/login')}>
                {t('hero.login')}
              </Button>
              <Button size="large" onClick={() => void navigate('/register')}>
                {t('hero.register')}
              </Button>
            </>
          )}
        </div>
      </section>
      <EngineList />
      <FeatureList />
    </div>
  );
}
