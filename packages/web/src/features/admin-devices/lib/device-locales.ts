import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/admin-devices.lazy.ts';
import en from '../../../locales/en-US/admin-devices.lazy.ts';
import '../../admin-common/lib/admin-locales.ts';

/**
 * The device centre's texts (and the home page's device figures) ship with those pages only.
 * Imported for its side effect.
 */
addLazyNamespace('adminDevices', { 'zh-CN': zh, 'en-US': en });
