import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/static.lazy.ts';
import en from '../../../locales/en-US/static.lazy.ts';
import './legal-document.css';

addLazyNamespace('static', { 'zh-CN': zh, 'en-US': en });

export interface LegalText {
  title: string;
  date: string;
  intro: string[];
  sections: { heading: string; paragraphs: string[] }[];
}

/** A legal text with a table of contents, readable line length and a way home. */
export function LegalDocument({ doc }: { doc: LegalText }) {
  const { t } = useTranslation('static');
  const { t: tc } = useTranslation('common');
  return (
    <article className="legal" aria-labelledby="legal-title">
      <Link to="/" className="legal__back">
        ← {tc('actions.backHome')}
      </Link>
      <h1 id="legal-title">{doc.title}</h1>
      <p className="legal__date">{t('updated', { date: doc.date })}</p>
      {doc.intro.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <nav aria-label={t('contents')} className="legal__toc">
        <h2>{t('contents')}</h2>
        <ol>
          {doc.sections.map((section, index) => (
            <li key={section.heading}>
              <a href={`#section-${index + 1}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {doc.sections.map((section, index) => (
        <section
          key={section.heading}
          id={`section-${index + 1}`}
          aria-labelledby={`section-${index + 1}-h`}
        >
          <h2 id={`section-${index + 1}-h`}>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      <Link to="/" className="legal__back">
        ← {tc('actions.backHome')}
      </Link>
    </article>
  );
}
