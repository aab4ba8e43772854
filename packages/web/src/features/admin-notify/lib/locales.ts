import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/admin-notify.lazy.ts';
import en from '../../../locales/en-US/admin-notify.lazy.ts';
import '../../admin-common/lib/admin-locales.ts';

/** The SMS and warning pages' texts ship with them only. Imported for its side effect. */
addLazyNamespace('adminNotify', { 'zh-CN': zh, 'en-US': en });
