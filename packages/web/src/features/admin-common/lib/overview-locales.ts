import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/admin-overview.lazy.ts';
import en from '../../../locales/en-US/admin-overview.lazy.ts';

/**
 * The data overview's texts (the home page's charts and the big screen) ship with those only.
 * Imported for its side effect.
 */
addLazyNamespace('adminOverview', { 'zh-CN': zh, 'en-US': en });
