import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/balance.lazy.ts';
import en from '../../../locales/en-US/balance.lazy.ts';

addLazyNamespace('balance', { 'zh-CN': zh, 'en-US': en });
