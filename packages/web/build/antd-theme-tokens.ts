import path from 'node:path';
import { createElement } from 'react';
import { runnerImport, type Plugin } from 'vite';
import type * as StaticStyleExtract from '@ant-design/static-style-extract';
import type * as CssInJs from '@ant-design/cssinjs';
import type * as Antd from 'antd';

/**
 * The app theme's design tokens and CSS variables worked out at build, so that the browser does
 * not (docs/decisions.md "antd styles at build").
 *
 * On its first render antd turns the theme's few seed values into some 600 tokens (colour
 * palettes, sizes), and each component type its own tokens from those, and writes all of them
 * out as CSS variables in <style> elements: on Lighthouse's slowed phone the console home's two
 * longest tasks. All of it depends on the theme alone. So at build every antd component is
 * rendered once in Node with the app's theme (as antd-static-styles.ts does for the styles);
 *  - the CSS variables join the static CSS: the theme's in the shared part, each component's
 *    with that component's styles (antd-static-styles.ts puts them there);
 *  - the derived tokens, which components also read in JavaScript, are given to cssinjs's
 *    useCacheToken in the bundle, which returns them instead of working them out;
 *  - cssinjs's useCSSVarRegister skips what the build made.
 * Another theme (the nested ConfigProvider of the device page, or the reduced-motion token of
 * theme.ts) misses these entries and is worked out in the browser, as before.
 */

const MODULE = 'virtual:antd-theme-tokens';

type Modules = [typeof StaticStyleExtract, typeof CssInJs, typeof Antd];

export interface ThemeAtBuild {
  /** useCacheToken's cache entries (their cache key → value), without the CSS text. */
  tokens: Record<string, unknown>;
  /** The theme's CSS variables. */
  themeVars: string;
  /** Each component's CSS variables, by style hook name (Button-Button, as antd-static-styles.ts names them). */
  componentVars: Map<string, string>;
  /** useCSSVarRegister's cache keys (without the prefix) of those variables. */
  componentPaths: string[];
}

/** A cache entry's key: cssVar%Button%edp-theme%ant-btn%<token hash> → [Button, …]. */
const SPLIT = '%';

async function work(root: string): Promise<ThemeAtBuild> {
  const { module } = await runnerImport<{ theme: Antd.ThemeConfig }>(
    path.join(root, 'src/app/theme.ts'),
    { root, configFile: false, logLevel: 'warn' },
  );
  const [{ extractStyle: renderAll }, cssinjs, { ConfigProvider }]: Modules = await Promise.all([
    import('@ant-design/static-style-extract'),
    import('@ant-design/cssinjs'),
    import('antd'),
  ]);
  const cache = cssinjs.createCache();
  // As app/providers.tsx renders it.
  renderAll({
    customTheme: (node) =>
      createElement(
        cssinjs.StyleProvider,
        { cache },
        createElement(ConfigProvider, { theme: module.theme, iconPrefixCls: 'anticon' }, node),
      ),
  });
  // Some components nest a ConfigProvider with a theme of their own (its own CSS-variable key):
  // only the app theme's entries are kept.
  const themeKey = module.theme.cssVar?.key;
  if (!themeKey) throw new Error('antd-theme-tokens: theme.ts must name its cssVar key');
  const entries = [...(cache as unknown as { cache: Map<string, [number, unknown[]]> }).cache];

  const tokens: Record<string, unknown> = {};
  let themeVars = '';
  for (const [key, [, value]] of entries) {
    if (!key.startsWith(`token${SPLIT}`) || value[4] !== themeKey) continue;
    // [tokenWithCssVar, hashCls, actualToken, cssVarsStr, cssVarKey]: the CSS is static now.
    themeVars += value[3] as string;
    tokens[key] = [value[0], value[1], value[2], '', value[4]];
  }
  if (Object.keys(tokens).length !== 1)
    throw new Error(`antd-theme-tokens: expected one theme, found ${Object.keys(tokens).length}`);

  const componentVars = new Map<string, string>();
  const componentPaths: string[] = [];
  for (const [key, [, value]] of entries) {
    if (!key.startsWith(`cssVar${SPLIT}`) || value[3] !== themeKey) continue;
    const cssPath = key.slice(`cssVar${SPLIT}`.length);
    // genStyleHooks('Button') registers under Button, genStyleHooks(['Input', 'OTP']) Input,OTP.
    const cells = cssPath.split(SPLIT)[0]!.split(',');
    const hook = (cells.length > 1 ? cells : [cells[0], cells[0]]).join('-');
    componentVars.set(hook, (componentVars.get(hook) ?? '') + (value[1] as string));
    componentPaths.push(cssPath);
  }
  return { tokens, themeVars, componentVars, componentPaths };
}

let atBuild: Promise<ThemeAtBuild> | undefined;

/** The app's theme at build, worked out once per build. */
export function themeAtBuild(root: string): Promise<ThemeAtBuild> {
  atBuild ??= work(root);
  return atBuild;
}

/** Code of cssinjs replaced: [module, what it must contain, what it becomes]. */
const PATCHES: readonly { module: RegExp; swaps: [string, string][] }[] = [
  {
    module: /[\\/]@ant-design[\\/]cssinjs[\\/]es[\\/]hooks[\\/]useCacheToken\.js$/,
    swaps: [
      [
        'const cachedToken = useGlobalCache(TOKEN_PREFIX, [salt, theme.id, tokenStr, overrideTokenStr, cssVarStr], () => {',
        `const tokenPath = [salt, theme.id, tokenStr, overrideTokenStr, cssVarStr];
  const cachedToken = useGlobalCache(TOKEN_PREFIX, tokenPath, () => built.tokens[pathKey([TOKEN_PREFIX, ...tokenPath])] ?? (() => {`,
      ],
      ['}, ([,,,, themeKey]) => {', '})(), ([,,,, themeKey]) => {'],
    ],
  },
  {
    module: /[\\/]@ant-design[\\/]cssinjs[\\/]es[\\/]hooks[\\/]useCSSVarRegister\.js$/,
    swaps: [
      [
        'const cache = useGlobalCache(CSS_VAR_PREFIX, stylePath, () => {',
        // No CSS to write (the build's is there); the merged token is not read by antd.
        `const cache = useGlobalCache(CSS_VAR_PREFIX, stylePath, () => built.componentPaths.has(pathKey(stylePath)) ? [null, '', '', key] : (() => {`,
      ],
      ['}, ([,, styleId]) => {', '})(), ([,, styleId]) => {'],
    ],
  },
];

export function antdThemeTokens(): Plugin {
  let root = process.cwd();
  return {
    name: 'edp:antd-theme-tokens',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === MODULE ? id : undefined;
    },
    async load(id) {
      if (id !== MODULE) return undefined;
      const { tokens, componentPaths } = await themeAtBuild(root);
      // JSON.parse of a string: quicker for the browser to read than the same object literal.
      const data = JSON.stringify(JSON.stringify({ tokens, componentPaths }));
      return `const built = JSON.parse(${data});
export default { tokens: built.tokens, componentPaths: new Set(built.componentPaths) };`;
    },
    transform(code, id) {
      const patch = PATCHES.find(({ module }) => module.test(id));
      if (!patch) return undefined;
      let changed = code;
      for (const [from, to] of patch.swaps) {
        // An antd upgrade that moved the code: stop rather than silently work it out again.
        if (!changed.includes(from)) this.error(`antd-theme-tokens: ${id} is not as expected`);
        changed = changed.replace(from, to);
      }
      return {
        code: `import built from '${MODULE}';
import { pathKey } from '../Cache';
${changed}`,
        map: null,
      };
    },
  };
}
