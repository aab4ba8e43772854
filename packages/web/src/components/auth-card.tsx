import type { ReactNode } from 'react';
import { addLazyNamespace } from '../locales/i18n.ts';
import zh from '../locales/zh-CN/auth.lazy.ts';
import en from '../locales/en-US/auth.lazy.ts';
import './auth-card.css';

// Every page of the auth area renders this card, so the `auth` texts ship with it.
addLazyNamespace('auth', { 'zh-CN': zh, 'en-US': en });

interface AuthCardProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * The card of the public form pages (login, register, retrieve, console login). Plain markup
 * on purpose: antd's Card pulls in Tabs and Typography pulls in Tooltip and TextArea, all of
 * which /login would otherwise load first.
 */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-card__title">
          {title}
        </h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        {children}
        {footer && <div className="auth-card__links">{footer}</div>}
      </section>
    </div>
  );
}
