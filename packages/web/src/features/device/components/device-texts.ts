import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/device.lazy.ts';
import en from '../../../locales/en-US/device.lazy.ts';
import '../../../components/portal-texts.ts';

addLazyNamespace('device', { 'zh-CN': zh, 'en-US': en });
