import { expect, test } from '@playwright/test';
import { fundedCompany, issuedDevice } from '../support/portal.ts';
import { companySession } from '../support/session.ts';

/** What each portal screen shows in each language (texts from the locale files). */
const texts = {
  'zh-CN': {
    switch: '简体中文',
    register: ['企业注册', '邮箱验证码', '我已阅读并同意'],
    retrieve: ['找回密码', '发送验证码'],
    saLogin: ['厂商管理登录', '账号'],
    myauth: ['我的授权', '上传请求文件', '正常', '续期记录'],
    device: ['我的引擎', '未授权', '授权状态', '详情'],
    deviceDetail: ['引擎详情', '基本信息', '签发记录', '提权文件'],
    balance: ['我的余额', '当前余额', '签发扣费', '余额记录'],
    recharge: ['充值', '充值码', '立即充值'],
  },
  'en-US': {
    switch: 'English',
    register: ['Company registration', 'E-mail code', 'I have read and accept the'],
    retrieve: ['Retrieve password', 'Send code'],
    saLogin: ['Vendor login', 'Account'],
    myauth: ['My license', 'Upload request', 'Normal', 'Renewal records'],
    device: ['My engine', 'Unlicensed', 'License status', 'Details'],
    deviceDetail: ['Engine details', 'Basic information', 'Issue records', 'Elevation file'],
    balance: ['My balance', 'Current balance', 'License issued', 'Balance history'],
    recharge: ['Recharge', 'Recharge code', '16 letters or digits'],
  },
} as const;

for (const language of ['zh-CN', 'en-US'] as const) {
  test.describe(`[PORTAL][LANGUAGE] ${language}`, () => {
    test.use({ locale: language });

    test(`[PORTAL][LANGUAGE]: every portal screen speaks ${language}`, async ({
      page,
      request,
    }) => {
      const t = texts[language];
      const who = await fundedCompany(request, 1);
      const deviceId = await issuedDevice(request, who.token, 'TDE', 2);
      const check = async (path: string, [heading, ...rest]: readonly string[]) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        for (const text of rest) await expect(page.getByText(text).first()).toBeVisible();
      };

      await page.goto('/login');
      await page.getByRole('button', { name: t.switch }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await check('/register', t.register);
      await check('/retrieve', t.retrieve);
      await check('/sa/login', t.saLogin);

      await companySession(page, request, who);
      await check('/myauth', t.myauth);
      await check('/device', t.device);
      await check(`/device/${deviceId}`, t.deviceDetail);
      await check('/balance', t.balance);
      await check('/recharge', t.recharge);
    });
  });
}
