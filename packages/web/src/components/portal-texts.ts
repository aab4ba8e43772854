import { addLazyNamespace } from '../locales/i18n.ts';
import zh from '../locales/zh-CN/portal.lazy.ts';
import en from '../locales/en-US/portal.lazy.ts';

// The portal's shared texts ship with the components that use them (status tags, records).
addLazyNamespace('portal', { 'zh-CN': zh, 'en-US': en });
import './portal-page.css';
