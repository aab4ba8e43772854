import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/admin-log-retention.lazy.ts';
import en from '../../../locales/en-US/admin-log-retention.lazy.ts';
import '../../admin-common/lib/admin-locales.ts';

/** The log cleanup page's texts ship with it only. Imported for its side effect. */
addLazyNamespace('adminLogRetention', { 'zh-CN': zh, 'en-US': en });
