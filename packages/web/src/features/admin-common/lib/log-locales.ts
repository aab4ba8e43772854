import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/admin-logs.lazy.ts';
import en from '../../../locales/en-US/admin-logs.lazy.ts';

/**
 * The texts of the engines' logs (issue 25): the log pages, alerts, filtering rules and the
 * device detail's integrity tab. Imported for its side effect.
 */
addLazyNamespace('adminLogs', { 'zh-CN': zh, 'en-US': en });
