import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/admin-log-settings.lazy.ts';
import en from '../../../locales/en-US/admin-log-settings.lazy.ts';
import '../../admin-common/lib/admin-locales.ts';

/** The log settings page's texts ship with it only. Imported for its side effect. */
addLazyNamespace('adminLogSettings', { 'zh-CN': zh, 'en-US': en });
