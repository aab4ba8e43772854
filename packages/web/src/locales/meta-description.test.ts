import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from './i18n.ts';

describe('the meta description', () => {
  afterEach(() => changeLanguage('zh-CN'));

  it('follows the language the page shows', async () => {
    // As index.html carries it before the app starts.
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = 'EDP 终端数据防护管理平台';
    document.head.append(meta);

    await changeLanguage('en-US');
    expect(meta.content).toMatch(/^EDP Endpoint Data Protection Console: company registration/);

    await changeLanguage('zh-CN');
    expect(meta.content).toMatch(/^EDP 终端数据防护管理平台：企业注册与充值/);
    meta.remove();
  });
});
