import { addLazyNamespace } from '../../../locales/i18n.ts';
import zhAdmin from '../../../locales/zh-CN/admin.lazy.ts';
import enAdmin from '../../../locales/en-US/admin.lazy.ts';
import zhAuth from '../../../locales/zh-CN/admin-auth.lazy.ts';
import enAuth from '../../../locales/en-US/admin-auth.lazy.ts';
import zhOrg from '../../../locales/zh-CN/admin-org.lazy.ts';
import enOrg from '../../../locales/en-US/admin-org.lazy.ts';
import zhAudit from '../../../locales/zh-CN/admin-audit.lazy.ts';
import enAudit from '../../../locales/en-US/admin-audit.lazy.ts';

/**
 * The console's texts ship with its pages, never with the portal's /login. Every console page
 * module and the admin layout import this file for its side effect.
 */
addLazyNamespace('admin', { 'zh-CN': zhAdmin, 'en-US': enAdmin });
addLazyNamespace('adminAuth', { 'zh-CN': zhAuth, 'en-US': enAuth });
addLazyNamespace('adminOrg', { 'zh-CN': zhOrg, 'en-US': enOrg });
addLazyNamespace('adminAudit', { 'zh-CN': zhAudit, 'en-US': enAudit });
