import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/license.lazy.ts';
import en from '../../../locales/en-US/license.lazy.ts';
import '../../../components/portal-texts.ts';

addLazyNamespace('license', { 'zh-CN': zh, 'en-US': en });
