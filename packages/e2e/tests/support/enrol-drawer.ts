import type { Page } from '@playwright/test';
import type { languages } from '../fixtures.ts';
import { expect } from './console-test.ts';

type Lang = (typeof languages)[number]['code'];

const WORDS = {
  'zh-CN': {
    enrol: '注册引擎',
    group: '分组',
    create: '新建密钥',
    newSecret: '新建注册密钥',
    save: /^保\s?存$/, // two characters spaced by antd
  },
  'en-US': {
    enrol: 'Enrol engines',
    group: 'Group',
    create: 'New secret',
    newSecret: 'New enrolment secret',
    save: /^Save$/,
  },
} satisfies Record<Lang, Record<string, string | RegExp>>;

/**
 * On the device centre (the page open at /admin/devices, as the security operator): "Enrol
 * engines", `group` chosen, a new secret made for it (named after the group and the day). The
 * drawer then shows the secret and the commands that get the engine from this console with it
 * (`commands`: the block of the "Run now" tab), which name the console's address as the
 * browser reached it.
 */
export async function enrolDrawerWithSecret(page: Page, group: string, lang: Lang) {
  const T = WORDS[lang];
  await page.getByRole('button', { name: T.enrol }).click();
  const drawer = page.getByRole('dialog', { name: T.enrol });
  await drawer.getByLabel(T.group).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(group, { exact: true }).click();
  await drawer.getByRole('button', { name: T.create }).click();
  await page
    .getByRole('dialog', { name: T.newSecret })
    .getByRole('button', { name: T.save })
    .click();
  await expect(drawer.getByTestId('enrol-secret')).toHaveText(/^edp_enrol_[A-Za-z0-9_-]{32}$/);
  const commands = drawer.getByTestId('enrol-command');
  await expect(commands).toContainText(`${new URL(page.url()).origin}/api/agent/engine`);
  return { drawer, commands };
}
