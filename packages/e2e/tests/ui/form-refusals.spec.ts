import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/console-test.ts';
import { signInAdmin } from '../support/session.ts';

/**
 * Every console form, filled with over-long text and out-of-range numbers and submitted: what it
 * says back must read as words in the page's language — no schema text ("expected", "Too big",
 * "Invalid input", field paths like body.name) in either language, and no Latin words in zh-CN.
 */

const SCHEMA_TEXT =
  /\b(expected|received|too (big|small)|invalid input)\b|期望|实际接收|\bbody\.|\bquery\./i;

/** Over-long text in every text field of `form`, out-of-range numbers in its number fields. */
async function abuse(form: Locator) {
  const texts = form.locator(
    'input.ant-input:not([disabled]):not([readonly]), textarea:not([disabled])',
  );
  for (const input of await texts.all()) {
    if (await input.isVisible()) await input.fill('x'.repeat(300));
  }
  for (const input of await form.locator('.ant-input-number input:not([disabled])').all()) {
    if (await input.isVisible()) await input.fill('99999999');
  }
}

/** The messages a user now reads: field errors and toasts. */
async function messages(page: Page): Promise<string[]> {
  await page.waitForTimeout(300); // the answers' toasts
  const errors = page.locator('.ant-form-item-explain-error, .ant-message-notice-content');
  return (await errors.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

/** antd spaces a two-character Chinese button ("保 存"): match its text with or without. */
const buttonName = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);

function check(found: string[], zh: boolean) {
  expect(found.length, 'the form said something').toBeGreaterThan(0);
  for (const text of found) {
    expect(text, text).not.toMatch(SCHEMA_TEXT);
    if (zh) expect(text, text).not.toMatch(/\b[a-z]{3,}\b/);
  }
}

const LOCALES = [
  {
    code: 'zh-CN',
    add: '新增',
    save: '保存',
    addTop: '新增顶级分组',
    dialogs: ['新增用户', '新增角色', '新增代理'],
  },
  {
    code: 'en-US',
    add: 'Add',
    save: 'Save',
    addTop: 'Add top-level group',
    dialogs: ['Add user', 'Add role', 'Add proxy'],
  },
] as const;

for (const locale of LOCALES) {
  test.describe(`[ADMIN][FORMS] ${locale.code}`, () => {
    test.use({ locale: locale.code });
    const zh = locale.code === 'zh-CN';

    test('console dialogs refuse bad values in words', async ({
      page,
      request,
      tenant: { accounts },
    }) => {
      const pages = [
        ['/admin/users', locale.add, locale.dialogs[0]],
        ['/admin/roles', locale.add, locale.dialogs[1]],
        ['/admin/proxies', locale.add, locale.dialogs[2]],
        ['/admin/groups', locale.addTop, undefined],
      ] as const;
      await signInAdmin(page, request, accounts.admin, '/admin');
      for (const [path, open, title] of pages) {
        await page.goto(path);
        await page.getByRole('button', { name: open }).first().click();
        const dialog = title
          ? page.getByRole('dialog', { name: title })
          : page.getByRole('dialog').last();
        await expect(dialog).toBeVisible();
        await abuse(dialog);
        await dialog.getByRole('button', { name: buttonName(locale.save) }).click();
        check(await messages(page), zh);
        await page.keyboard.press('Escape');
      }
    });

    test('the login settings form refuses bad values in words', async ({
      page,
      request,
      tenant: { accounts },
    }) => {
      await signInAdmin(page, request, accounts.admin, '/admin/settings/login');
      const form = page.locator('form#login-settings');
      await expect(form).toBeVisible();
      await abuse(form);
      await form.getByRole('button', { name: buttonName(locale.save) }).click();
      check(await messages(page), zh);
    });
  });
}
