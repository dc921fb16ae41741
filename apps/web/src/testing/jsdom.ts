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
