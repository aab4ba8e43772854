import { useTranslation } from 'react-i18next';
import { ENGINE_KINDS } from '@edp/shared/constants';

/** The five engine kinds (docs/product.md §1) with one line each. */
export function EngineList() {
  const { t } = useTranslation('home');
  return (
    <section className="landing-section" aria-labelledby="engines-heading">
      <h2 id="engines-heading">{t('engines.heading')}</h2>
      <p className="landing-section__intro">{t('engines.intro')}</p>
      <ul className="engine-grid">
        {ENGINE_KINDS.map((kind) => (
          <li key={kind} className="engine-card">
            <span className="engine-card__kind" aria-hidden>
              {kind}
            </span>
            <h3>
              <span className="visually-hidden">{kind} </span>
              {t(`engines.${kind}.name`)}
            </h3>
            <p>{t(`engines.${kind}.description`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
