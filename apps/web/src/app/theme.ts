import { createTheme, darken, defaultVariantColorsResolver, parseThemeColor, type CSSVariablesResolver, type VariantColorsResolver } from '@mantine/core';

/**
 * Mantine draws subtle and transparent variants of `red.8` in shade 6 at most (#fa5252 on white:
 * 3.3:1, under WCAG AA). A shade asked for is the shade drawn, so `color="red.8"` reads (6.0:1).
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'subtle' && input.variant !== 'transparent') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade === undefined || parsed.shade <= 6) return colors;
  return { ...colors, color: `var(--mantine-color-${parsed.color}-${parsed.shade})` };
};

/** Theme: blue shade 8 for filled buttons keeps white text above 4.5:1 contrast (WCAG AA). */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  focusRing: 'auto',
  variantColorResolver,
  components: {
    Anchor: { defaultProps: { c: 'blue.8' } },
    // A state badge in a table column squeezed by its neighbours shrank to "À …": a badge keeps
    // its words whole, the other cells wrap instead.
    Badge: { styles: { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } },
  },
});

/**
 * The theme with every dialog's and drawer's close button named in the reader's language: an
 * unnamed one is read as "button" (axe: button-name), and an error dialog has no other way out.
 */
export const themeWithCloseLabel = (label: string) => {
  const closeButtonProps = { 'aria-label': label };
  return createTheme({ ...theme, components: { ...theme.components, Modal: { defaultProps: { closeButtonProps } }, Drawer: { defaultProps: { closeButtonProps } } } });
};

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
