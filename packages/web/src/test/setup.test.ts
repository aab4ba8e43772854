import { afterEach, describe, expect, it } from 'vitest';

/**
 * test/setup.ts keeps each computed style value until the document changes (jsdom recomputes an
 * inherited value from the root at every read). A test must still see the page as it is now.
 */
describe("the tests' computed styles", () => {
  afterEach(() => {
    document.body.replaceChildren();
    document.head.querySelectorAll('style[data-probe]').forEach((style) => style.remove());
  });

  it('follow a change of an inline style, of a class and of a style sheet at the next read', () => {
    const outer = document.createElement('div');
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
    document.body.append(element);
    expect(getComputedStyle(element)).toBe(getComputedStyle(element));
    element.textContent = 'changed';
    const after = getComputedStyle(element);
    expect(after.display).toBe('block');
    expect(getComputedStyle(element)).toBe(after);
  });
});
