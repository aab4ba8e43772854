import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/admin-tasks.lazy.ts';
import en from '../../../locales/en-US/admin-tasks.lazy.ts';
import '../../admin-devices/lib/device-locales.ts';

/**
 * The texts of tasks, commands and a device's engine tabs (issue 23), with the device centre's
 * own: they ship with those pages only. Imported for its side effect.
 */
addLazyNamespace('adminTasks', { 'zh-CN': zh, 'en-US': en });
