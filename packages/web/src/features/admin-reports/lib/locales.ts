import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/admin-reports.lazy.ts';
import en from '../../../locales/en-US/admin-reports.lazy.ts';
import '../../admin-common/lib/admin-locales.ts';

/** The report page's texts ship with it only. Imported for its side effect. */
addLazyNamespace('adminReports', { 'zh-CN': zh, 'en-US': en });
