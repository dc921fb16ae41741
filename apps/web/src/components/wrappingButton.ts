/**
 * Styles of a button whose label may be longer than a phone's width ("Envoyer ma réponse (1 234,56 $)"):
 * the label wraps and the button grows, instead of Mantine's one clipped line.
 */
export const WRAPPING_BUTTON = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 'calc(var(--mantine-spacing-xs) / 2)' },
  inner: { height: 'auto', minHeight: 'calc(var(--button-height) - var(--mantine-spacing-xs))' },
  label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center', lineHeight: 1.3 },
} as const;
