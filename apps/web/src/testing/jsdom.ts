import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';

/**
 * The browser features Mantine reads that jsdom lacks (media queries, resize observers, the
 * font-loading events the autosized text area listens to), for component tests.
 */
export function shimMantineBrowser() {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false })) as never;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as never;
  // The combobox scrolls its selected option into view.
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

/** A screen under test: Mantine's shims, each test's page and stubs (the mocked API) gone after it. */
export function screenTests() {
  beforeAll(() => shimMantineBrowser());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/**
 * A public link's page under test (a customer's, no app shell): a screen's, for a visitor whose
 * browser asks for Canadian French and chose no language here.
 */
export function publicPageTests() {
  screenTests();
  beforeAll(() => Object.defineProperty(navigator, 'languages', { value: ['fr-CA'], configurable: true }));
}
