import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/admin-licences.lazy.ts';
import en from '../../../locales/en-US/admin-licences.lazy.ts';

/** The texts of activation, renewal and the licence view: they ship with those screens only. */
addLazyNamespace('adminLicences', { 'zh-CN': zh, 'en-US': en });
