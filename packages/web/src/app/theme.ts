import type { ThemeConfig } from 'antd';
import { PRIMARY_COLOR } from '@edp/shared/constants';

/**
 * Brand colour #06B6D4 (docs/product.md §9) as antd's primary token. White text on it reaches only about
 * 2.4:1 contrast, so where the primary colour would carry text we use darker cyans instead
 * (WCAG AA, checked by the axe scan): dark text on primary buttons, cyan-700 for links and the
 * selected menu item.
 */
export const LINK_COLOR = '#0E7490'; // cyan-700: 5.4:1 on white
const ON_PRIMARY = '#083344'; // cyan-950: 5.5:1 on #06B6D4

/**
 * Whoever asked the system for less motion gets none of antd's (modals, popovers, menus, waves
 * appear and go at once); read once at start, as a preference rarely changes mid-visit.
 */
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export const theme: ThemeConfig = {
  // Component styles come from the build as static CSS (build/antd-static-styles.ts), made with
  // class names without hashes; antd generates none in the browser. The values below still
  // reach them at run time as CSS variables.
  zeroRuntime: true,
  hashed: false,
  // A fixed name for the class that carries the theme's CSS variables (antd would make one per
  // render with useId): the tokens worked out at build (build/antd-theme-tokens.ts) are found
  // under it.
  cssVar: { key: 'edp-theme' },
  token: {
    ...(prefersReducedMotion() ? { motion: false } : {}),
    colorPrimary: PRIMARY_COLOR,
    colorLink: LINK_COLOR,
    colorLinkHover: '#155E75',
    colorInfo: PRIMARY_COLOR,
    colorError: '#C9252D', // antd's #ff4d4f is 3.0:1 on white (error texts, danger menu items)
    // antd's 0.45-alpha grey (3.4:1) is too faint for descriptions and secondary text.
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    // Placeholders that stand for a value ("All actions" in a filter) must be read: antd's
    // 0.25 alpha is 1.6:1; 0.6 is 5.7:1 on white and still lighter than entered text.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    borderRadius: 6,
    // The app's font stack (styles/base.css): antd's own names no Chinese font, so its
    // components fell back to another font than the page around them, and the browser searched
    // the system's fonts for one with the characters on the first paint.
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Button: {
      primaryColor: ON_PRIMARY,
      defaultHoverColor: LINK_COLOR,
      defaultActiveColor: '#155E75',
    },
    Menu: {
      itemSelectedColor: LINK_COLOR,
      itemSelectedBg: '#ECFEFF',
      itemActiveBg: '#CFFAFE',
    },
    // The selected tab in colorPrimary is 2.4:1 on white; the link colour reads.
    Tabs: { itemSelectedColor: LINK_COLOR, itemHoverColor: LINK_COLOR, itemActiveColor: '#155E75' },
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerPadding: '0 16px' },
    // An empty table says so in colorTextDisabled (0.25 alpha, 1.6:1): readable text is needed.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.65)' },
  },
};
