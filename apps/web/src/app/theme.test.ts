import { defaultCssVariablesResolver, DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast } from './contrast.ts';
import { cssVariablesResolver, theme, variantColorResolver } from './theme.ts';

// The light scheme's CSS variables exactly as MantineProvider writes them (defaults, then ours).
const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const base = defaultCssVariablesResolver(merged);
const ours = cssVariablesResolver(merged);
const vars: Record<string, string> = { ...base.variables, ...base.light, ...ours.variables, ...ours.light };

/** A colour as a hex string: `blue.8`, `white`, a `--mantine-…` variable or a literal. */
function color(c: string): string {
  if (c.startsWith('#')) return c;
  if (c.startsWith('rgb')) {
    const [r, g, b] = c.match(/\d+(\.\d+)?/g)!.map(Number);
    return `#${[r, g, b].map((n) => Math.round(n).toString(16).padStart(2, '0')).join('')}`;
  }
  const v = /^var\((--[\w-]+)\)$/.exec(c);
  if (v) return color(vars[v[1]]);
  if (c.startsWith('--')) return color(vars[c]);
  const [name, shade] = c.split('.');
  return color(shade ? merged.colors[name][Number(shade)] : vars[`--mantine-color-${name}`]);
}

const TEXT = 4.5;
const LARGE_OR_ICON = 3;

describe('theme contrast (WCAG 2.1 AA, light scheme)', () => {
  const pairs: [string, string, string, number][] = [
    ['filled primary button text', '--mantine-primary-color-contrast', '--mantine-primary-color-filled', TEXT],
    ['body text', '--mantine-color-text', '--mantine-color-body', TEXT],
    ['dimmed text', '--mantine-color-dimmed', '--mantine-color-body', TEXT],
    ['error text', '--mantine-color-error', '--mantine-color-body', TEXT],
    ['link (--mantine-color-anchor)', '--mantine-color-anchor', '--mantine-color-body', TEXT],
    ['link (Anchor c)', String(theme.components?.Anchor?.defaultProps?.c), '--mantine-color-body', TEXT],
    // Sidebar (shell/Sidebar.tsx): white icons on the blue.9 rail, the active app on blue.6.
    ['sidebar icon', 'white', 'blue.9', LARGE_OR_ICON],
    ['sidebar active icon', 'white', 'blue.6', LARGE_OR_ICON],
    ['section menu title', 'gray.8', 'white', TEXT],
    // Light badges and the active NavLink: the colour's light-color on its light background.
    ...(['blue', 'gray', 'teal', 'grape', 'red', 'yellow', 'indigo', 'cyan', 'violet'] as const).map(
      (c): [string, string, string, number] => [`light ${c} badge`, `--mantine-color-${c}-light-color`, `--mantine-color-${c}-light`, TEXT],
    ),
  ];

  it.each(pairs)('%s', (_label, fg, bg, min) => {
    expect(contrast(color(fg), color(bg))).toBeGreaterThanOrEqual(min);
  });

  it.each(['red.8', 'gray.8', 'teal.9'])('subtle and transparent buttons of %s keep that shade (4.5:1 on white)', (c) => {
    for (const variant of ['subtle', 'transparent']) {
      const { color: fg } = variantColorResolver({ color: c, theme: merged, variant });
      expect(fg).toBe(`var(--mantine-color-${c.replace('.', '-')})`);
      expect(contrast(color(fg), '#ffffff')).toBeGreaterThanOrEqual(TEXT);
    }
    // Other variants and colours without a shade are Mantine's.
    expect(variantColorResolver({ color: 'red', theme: merged, variant: 'subtle' }).color).toBe('var(--mantine-color-red-light-color)');
  });

  it('computes the WCAG ratio', () => {
    expect(contrast('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrast('#fff', '#fff')).toBe(1);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
