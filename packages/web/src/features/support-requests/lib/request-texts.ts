import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/requests.lazy.ts';
import en from '../../../locales/en-US/requests.lazy.ts';

addLazyNamespace('requests', { 'zh-CN': zh, 'en-US': en });
