import { afterEach, describe, expect, it } from 'vitest';

/**
 * test/setup.ts keeps each computed style value until the document changes (jsdom recomputes an
 * inherited value from the root at every read). A test must still see the page as it is now.
 */
describe("the tests' computed styles", () => {
  // Only what these tests added is taken out: the files of a worker share one page, and antd's
  // toasts keep their container in it for the files after (emptying the body left a later
  // file's toasts drawn into a detached container, never found).
  afterEach(() => {
    document.querySelectorAll('[data-probe]').forEach((node) => node.remove());
  });

  it('follow a change of an inline style, of a class and of a style sheet at the next read', () => {
    const outer = document.createElement('div');
    outer.dataset.probe = '';
    const inner = document.createElement('span');
    outer.append(inner);
    document.body.append(outer);
    expect(getComputedStyle(inner).visibility).toBe('visible');
    expect(getComputedStyle(outer).getPropertyValue('display')).toBe('block');

    outer.style.display = 'none';
    expect(getComputedStyle(outer).getPropertyValue('display')).toBe('none');

    const sheet = document.createElement('style');
    sheet.dataset.probe = '';
    sheet.textContent = '.veiled { visibility: hidden }';
    document.head.append(sheet);
    expect(getComputedStyle(inner).visibility).toBe('visible');
    outer.className = 'veiled';
    // Inherited from the parent whose class changed.
    expect(getComputedStyle(inner).visibility).toBe('hidden');

    sheet.textContent = '.veiled { visibility: visible }';
    expect(getComputedStyle(inner).visibility).toBe('visible');
  });

  it('are read once while nothing changes', () => {
    const element = document.createElement('p');
    element.dataset.probe = '';
    document.body.append(element);
    expect(getComputedStyle(element)).toBe(getComputedStyle(element));
    element.textContent = 'changed';
    const after = getComputedStyle(element);
    expect(after.display).toBe('block');
    expect(getComputedStyle(element)).toBe(after);
  });
});
