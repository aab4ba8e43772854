import { useTranslation } from 'react-i18next';

const FEATURES = ['licence', 'device', 'balance'] as const;

/** What the portal offers a signed-in company. */
export function FeatureList() {
  const { t } = useTranslation('home');
  return (
    <section className="landing-section" aria-labelledby="features-heading">
      <h2 id="features-heading">{t('features.heading')}</h2>
      <ul className="feature-grid">
        {FEATURES.map((feature) => (
          <li key={feature} className="feature-card">
            <h3>{t(`features.${feature}.title`)}</h3>
            <p>{t(`features.${feature}.description`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
