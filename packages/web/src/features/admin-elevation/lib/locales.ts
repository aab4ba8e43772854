import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/admin-elevation.lazy.ts';
import en from '../../../locales/en-US/admin-elevation.lazy.ts';

/**
 * The texts of elevation and learning mode under review (issue 24): the review pages and the
 * device detail's two tabs. Imported for its side effect.
 */
addLazyNamespace('adminElevation', { 'zh-CN': zh, 'en-US': en });
