import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/admin-keys.lazy.ts';
import en from '../../../locales/en-US/admin-keys.lazy.ts';
import '../../admin-common/lib/admin-locales.ts';

/** The key pages' texts ship with them only (and the device page's escrow panel). */
addLazyNamespace('adminKeys', { 'zh-CN': zh, 'en-US': en });
