import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/vendor.lazy.ts';
import en from '../../../locales/en-US/vendor.lazy.ts';
import '../../../components/portal-texts.ts';

addLazyNamespace('vendor', { 'zh-CN': zh, 'en-US': en });
