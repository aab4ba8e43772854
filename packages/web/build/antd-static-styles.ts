import { createElement } from 'react';
import type * as StaticStyleExtract from '@ant-design/static-style-extract';
import type * as CssInJs from '@ant-design/cssinjs';
import type * as Antd from 'antd';
import type { Plugin } from 'vite';
import { themeAtBuild } from './antd-theme-tokens.ts';

/**
 * antd's component styles as static CSS made at build, so that the browser does not generate
 * them at run time (docs/decisions.md "antd styles at build").
 *
 * antd generates each component's CSS in the browser the first time the component renders
 * (CSS-in-JS): on a slowed phone that is a third of the console home's script time. With the
 * theme's `zeroRuntime` antd skips that and expects the CSS to be there. This plugin renders
 * every antd component once at build, as antd's own `antd.css` is made
 * (@ant-design/static-style-extract), keeps each style apart under the name of the style hook
 * that registers it, and gives each of antd's style modules an import of the CSS of its own
 * hooks. The CSS thus travels with the component into whichever chunk the bundler puts it,
 * and Vite loads it with that chunk: /login gets the CSS of the few components it shows, not
 * the megabyte of all of them.
 *
 * All of it goes into the cascade layer `antd`, as the styles antd still adds at run time do
 * (the `StyleProvider layer` in app/providers.tsx): our own CSS, outside any layer, wins over
 * antd's whatever the order the files arrive in, as it did when antd put its styles first.
 */

const PREFIX = 'virtual:antd-style/';
const SHARED = 'shared';

/** A style hook's registration in antd's sources: genStyleHooks('Button', …), genSubStyleComponent(['Button', 'compact'], …). */
const HOOK_CALL =
  /\b(?:genStyleHooks|genComponentStyleHook|genSubStyleComponent)\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g;
const HOOK_MAKERS = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);
/** antd's style modules, where those calls are. */
const ANTD_ES = /[\\/]node_modules[\\/]antd[\\/]es[\\/]/;

/** The name cssinjs-utils gives a hook's styles: ['Button', 'compact'] → Button-compact, 'Button' → Button-Button. */
function hookNames(code: string): string[] {
  const names = new Set<string>();
  for (const [, arg] of code.matchAll(HOOK_CALL)) {
    const cells = JSON.parse(arg!.replace(/'/g, '"')) as string | string[];
    names.add((Array.isArray(cells) ? cells : [cells, cells]).join('-'));
  }
  return [...names];
}

/** The component's main hook, whose styles a sub-style (Button-compact) comes after. */
const mainOf = (name: string): string => {
  const component = name.split('-')[0]!;
  return `${component}-${component}`;
};

interface Extracted {
  /** CSS by hook name, every prefix it was registered with, in antd's order. */
  byHook: Map<string, string>;
  /** antd's reset (links inside its components), the icons' reset and every keyframe. */
  shared: string;
}

type Modules = [typeof StaticStyleExtract, typeof CssInJs, typeof Antd];

/**
 * What cssinjs registered while rendering antd's components (`includes`, else all) with
 * antd's default theme, as [hook, css] in antd's order: the hook is the name in the
 * registration's path (|Button-Button|ant-btn|anticon), `Shared` for antd's reset and
 * `_effect` for keyframes.
 */
function render(
  [{ extractStyle: renderAll }, cssinjs, { ConfigProvider }]: Modules,
  hashed: boolean,
  includes?: string[],
): [string, string][] {
  const cache = cssinjs.createCache();
  renderAll({
    includes,
    customTheme: (node) =>
      createElement(
        cssinjs.StyleProvider,
        { cache },
        createElement(ConfigProvider, { theme: { hashed } }, node),
      ),
  });
  // Not `plain`: each style comes in its own <style data-css-hash=…>, and the last one maps
  // every registration's path to that hash.
  const html = cssinjs.extractStyle(cache, { plain: false, types: ['style'] });
  const tags = [...html.matchAll(/<style([^>]*)>([\s\S]*?)<\/style>/g)].map(([, attrs, css]) => ({
    id: /data-css-hash="([^"]+)"/.exec(attrs!)?.[1] ?? '',
    css: css!,
  }));
  const pathMap = /content:"([^"]*)"/.exec(tags.pop()!.css)![1]!;
  const hookById = new Map(
    pathMap.split(';').map((pair) => {
      const [path, id] = pair.split(':');
      return [id!, path!.split('|')[1]!];
    }),
  );
  return tags.map(({ id, css }) => [
    id.startsWith('_effect-') ? '_effect' : (hookById.get(id) ?? ''),
    css,
  ]);
}

/**
 * Every antd component rendered in Node (no browser), with class names without hashes; the
 * theme's values are CSS variables (made for the app's theme by antd-theme-tokens.ts, by antd
 * in the browser for any other), so the CSS is the same for any theme.
 */
async function extract(): Promise<Extracted> {
  const modules: Modules = await Promise.all([
    import('@ant-design/static-style-extract'),
    import('@ant-design/cssinjs'),
    import('antd'),
  ]);
  const byHook = new Map<string, string>();
  let keyframes = '';
  let icons = '';
  for (const [hook, css] of render(modules, false)) {
    if (hook === '_effect') keyframes += css;
    // The icons' reset, which antd's ConfigProvider would add at run time (see RUN_TIME_STYLES).
    else if (hook === 'ant-design-icons') icons += css;
    else if (hook && hook !== 'Shared') byHook.set(hook, (byHook.get(hook) ?? '') + css);
  }
  // antd's reset of links (no underline, its link colour) applies, with hashed class names,
  // only inside antd's components (:where(.css-<hash>) a); unhashed it would take the underline
  // from every plain link of the app. Keep it inside components: any element with an ant- class.
  const reset = render(modules, true, ['Button'])
    .filter(([hook]) => hook === 'Shared')
    .map(([, css]) =>
      css.replace(/:where\(\.css-[\w-]+\)/g, ':where([class^="ant-"],[class*=" ant-"])'),
    )
    .join('');
  return { byHook, shared: reset + icons + keyframes };
}

/**
 * Hooks the render of every component does not reach, and why they need no CSS here: the form
 * item's fallback is for Internet Explorer; the pagination's bordered style is for the
 * `wireframe` theme, which this app does not use.
 */
const UNREACHED_OK = new Set(['Form-item-item', 'Pagination-bordered']);

type Node = { type?: string; start: number; end: number; [key: string]: unknown };

/**
 * The module with each hook's style function (the second argument of genStyleHooks and its
 * kin) replaced by one that makes nothing: with `zeroRuntime` antd never calls it, and without
 * a caller the bundler drops the code that writes antd's CSS, a good part of each component.
 * The hook itself stays: it still gives the class names and sets the theme's CSS variables.
 */
function withoutStyleFunctions(code: string, program: unknown): string {
  const ranges: [number, number][] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as Node;
    if (n.type === 'CallExpression') {
      const callee = n.callee as Node & { name?: string };
      const styleFn = (n.arguments as Node[])[1];
      if (callee.type === 'Identifier' && HOOK_MAKERS.has(callee.name!) && styleFn)
        ranges.push([styleFn.start, styleFn.end]);
    }
    for (const [key, value] of Object.entries(n)) if (key !== 'parent') visit(value);
  };
  visit(program);
  return ranges
    .sort((a, b) => b[0] - a[0])
    .reduce((text, [start, end]) => `${text.slice(0, start)}() => []${text.slice(end)}`, code);
}

/**
 * The two places that still write CSS in the browser once the style functions are gone: a
 * component hook's writer (only reached without `zeroRuntime`, which every ConfigProvider of
 * this app has) and the icons' reset of antd's ConfigProvider (made at build with the rest,
 * above). Without them the bundler drops cssinjs's style writer and the stylis parser, and no
 * page measures the document's styles (cssinjs does, on its first style) on its first load.
 */
const RUN_TIME_STYLES: readonly { module: RegExp; change: (code: string) => string }[] = [
  {
    module: /[\\/]@ant-design[\\/]cssinjs-utils[\\/]es[\\/]util[\\/]genStyleUtils\.js$/,
    change: (code) =>
      code.replace(
        /import \{ token2CSSVar, useCSSVarRegister, useStyleRegister \} from '@ant-design\/cssinjs';/,
        "import { token2CSSVar, useCSSVarRegister } from '@ant-design/cssinjs';\nconst useStyleRegister = () => {};",
      ),
  },
  {
    module: /[\\/]antd[\\/]es[\\/]theme[\\/]util[\\/]useResetIconStyle\.js$/,
    change: () => 'export default function useResetIconStyle() {}\n',
  },
];

const layered = (css: string) => (css ? `@layer antd{${css}}` : '');

export function antdStaticStyles(): Plugin {
  let root = process.cwd();
  let extracted: Promise<Extracted> | undefined;
  // Style modules with a hook the render at build did not reach, by module.
  const missing = new Map<string, string[]>();
  return {
    name: 'edp:antd-static-styles',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? id : undefined;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return undefined;
      extracted ??= extract();
      const [{ byHook, shared }, { themeVars, componentVars }] = await Promise.all([
        extracted,
        themeAtBuild(root),
      ]);
      const hook = id.slice(PREFIX.length, -'.css'.length);
      // The app theme's CSS variables (antd-theme-tokens.ts): the theme's with the shared part,
      // a component's with its styles.
      if (hook === SHARED) return layered(themeVars + shared);
      return layered((componentVars.get(hook) ?? '') + (byHook.get(hook) ?? ''));
    },
    async transform(code, id) {
      const runTime = RUN_TIME_STYLES.find(({ module }) => module.test(id));
      if (runTime) {
        const changed = runTime.change(code);
        // An antd upgrade that moved the code: stop rather than ship the style writer again.
        if (changed === code) this.error(`antd-static-styles: ${id} is not as expected`);
        return { code: changed, map: null };
      }
      if (!ANTD_ES.test(id)) return undefined;
      const names = hookNames(code);
      if (names.length === 0) return undefined;
      extracted ??= extract();
      const [{ byHook }, { componentVars }] = await Promise.all([extracted, themeAtBuild(root)]);
      const unreached = names.filter((name) => !byHook.has(name) && !UNREACHED_OK.has(name));
      if (unreached.length > 0) missing.set(id, unreached);
      // The shared reset first, then each component's main styles before its sub-styles, as
      // antd orders them at run time (a CSS module is bundled once, where first imported).
      const order = [SHARED, ...names.flatMap((name) => [mainOf(name), name])];
      const imports = [...new Set(order)]
        .filter((hook) => hook === SHARED || byHook.has(hook) || componentVars.has(hook))
        .map((hook) => `import '${PREFIX}${hook}.css';`);
      return {
        code: `${imports.join('\n')}\n${withoutStyleFunctions(code, this.parse(code))}`,
        map: null,
      };
    },
    generateBundle(_options, bundle) {
      // Such a hook's component would show unstyled: stop the build if its code was bundled.
      const bundled = Object.values(bundle).flatMap((file) =>
        file.type === 'chunk'
          ? Object.entries(file.modules)
              .filter(([id, info]) => info.renderedLength > 0 && missing.has(id))
              .flatMap(([id]) => missing.get(id)!)
          : [],
      );
      if (bundled.length > 0)
        this.error(`antd styles not made at build for: ${bundled.join(', ')}`);
    },
  };
}
