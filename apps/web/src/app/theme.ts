import { createTheme, darken, type CSSVariablesResolver } from '@mantine/core';

/** Theme: blue shade 8 for filled buttons keeps white text above 4.5:1 contrast (WCAG AA). */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  focusRing: 'auto',
  components: {
    Anchor: { defaultProps: { c: 'blue.8' } },
  },
});

/**
 * Light-scheme colours darker than Mantine's defaults so text reaches 4.5:1 (checked in
 * theme.test.ts): dimmed gray.6 on white is 3.3:1, error red.6 3.3:1, and the light badges
 * teal.9 on teal.1 4.3:1, yellow.9 on yellow.1 2.6:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-teal-light': 'var(--mantine-color-teal-0)',
    '--mantine-color-yellow-light-color': darken(t.colors.yellow[9], 0.45),
  },
  dark: {},
});
