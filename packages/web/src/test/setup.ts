import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import i18n from 'i18next';
import '../locales/i18n.ts';
import { initialLanguage } from '../locales/language.ts';
import { reportApiReachable } from '../lib/connectivity.ts';
import { sessionStore } from '../lib/session.ts';
import { vendorStore } from '../lib/vendor-session.ts';

// findBy…/waitFor give up after 1 s by default: on the shared 2-core machine antd's first
// render of a popup or a message can take longer. A missing element still fails, later.
configure({ asyncUtilTimeout: 5_000 });

/**
 * Empty storage, and the module-level stores that mirror it, as a fresh page has them. The files
 * of a worker share their modules (vitest.config.ts): without this a file started signed in, or
 * offline, after the file before it (router.test.tsx saw the portal layout instead of the login).
 */
function freshStores(): void {
  localStorage.clear();
  sessionStore.reload();
  vendorStore.reload();
  reportApiReachable(true);
}

// Each file starts in the language a fresh page would, whatever the file before switched to.
beforeAll(async () => {
  freshStores();
  await i18n.changeLanguage(initialLanguage());
});

// vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  freshStores();
});

// antd's toasts (app/http-bridge.tsx) outlive a file's last test in a React root of their own.
// Their root still renders after the destroy; 100 ms was too short for it once in a fresh-clone
// run (the server tests beside, "window is not defined" after the file's jsdom was gone).
afterAll(async () => {
  const { endToasts } = await import('../app/http-bridge.tsx');
  if (await endToasts()) await new Promise((resolve) => setTimeout(resolve, 500));
});

// jsdom lacks these; antd's responsive helpers and Modal use them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom cannot compute pseudo-element styles and logs "Not implemented" for each attempt
// (antd measures the scrollbar when a Modal opens); answer with the element's own style.
//
// And each value read is kept until the document changes. jsdom computes an inherited property
// (visibility, say) at every read by walking up to the root and resolving each ancestor's style,
// and testing-library's role queries read display and visibility of every element and of its
// ancestors (isInaccessible, accessible names): about 60 % of a test of a page with a table.
// Any change to the document (nodes, attributes, text, the style elements antd adds) drops
// every kept value: the changes are taken at the next read, synchronously, so a read after a
// change computes afresh.
const computeStyle = window.getComputedStyle.bind(window);
const changes = new MutationObserver(() => undefined);
changes.observe(document, {
  subtree: true,
  childList: true,
  attributes: true,
  characterData: true,
});
let kept = new WeakMap<Element, CSSStyleDeclaration>();
window.getComputedStyle = (element: Element) => {
  if (changes.takeRecords().length > 0) kept = new WeakMap();
  let style = kept.get(element);
  if (!style) {
    style = keepingValues(computeStyle(element));
    kept.set(element, style);
  }
  return style;
};

/** A computed style whose values are each computed once. */
function keepingValues(style: CSSStyleDeclaration): CSSStyleDeclaration {
  const values = new Map<string, unknown>();
  const once = (key: string, compute: () => unknown) => {
    if (!values.has(key)) values.set(key, compute());
    return values.get(key);
  };
  const getPropertyValue = (name: string) =>
    once(`getPropertyValue:${name}`, () => style.getPropertyValue(name));
  return new Proxy(style, {
    get(target, key) {
      if (key === 'getPropertyValue') return getPropertyValue;
      if (typeof key !== 'string') return Reflect.get(target, key, target);
      return once(key, () => {
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function'
          ? (value as (...args: unknown[]) => unknown).bind(target)
          : value;
      });
    },
  });
}

// jsdom has no ResizeObserver; antd's popups (Dropdown, Tooltip) observe their trigger.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
