import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/admin-installers.lazy.ts';
import en from '../../../locales/en-US/admin-installers.lazy.ts';
import '../../admin-common/lib/admin-locales.ts';

/** The installers page's texts ship with that page only. Imported for its side effect. */
addLazyNamespace('adminInstallers', { 'zh-CN': zh, 'en-US': en });
