import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../locales/i18n.ts';
import { readItem, asString } from '../../lib/storage.ts';
import { renderWithApp } from '../../test/render.tsx';
import { PublicLayout } from './public-layout.tsx';

describe('language switch', () => {
  afterEach(() => changeLanguage('zh-CN'));

  it('switches the visible texts, <html lang> and the stored choice', async () => {
    await changeLanguage('zh-CN');
    renderWithApp(<PublicLayout />);
    expect(screen.getByRole('link', { name: '隐私政策' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-CN');

    await userEvent.click(screen.getByRole('button', { name: 'English' }));

    expect(await screen.findByRole('link', { name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '隐私政策' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('en-US');
    expect(readItem('language', asString)).toBe('en-US');

    await userEvent.click(screen.getByRole('button', { name: '简体中文' }));
    expect(await screen.findByRole('link', { name: '用户注册协议' })).toBeInTheDocument();
  });
});
