import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/licence.lazy.ts';
import en from '../../../locales/en-US/licence.lazy.ts';
import '../../../components/portal-texts.ts';

addLazyNamespace('licence', { 'zh-CN': zh, 'en-US': en });
