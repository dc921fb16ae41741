import { TextInput, type TextInputProps } from '@mantine/core';
import { formatDecimalInput, parseDecimal, tooManyDecimals } from '@atelier/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n/index.ts';

export type DecimalValue = number | '';

export interface DecimalInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'inputMode'> {
  value: number | '' | null | undefined;
  /** A number, or '' when emptied; text that is not a number is not sent (the input says why). */
  onChange: (value: DecimalValue) => void;
  /** Decimals the field keeps (2 for money, 0 for a count): more is refused, never rounded. */
  decimals?: number;
  allowNegative?: boolean;
  /** Money: a "$" beside the amount. */
  money?: boolean;
}

const asValue = (v: unknown): DecimalValue => (typeof v === 'number' && Number.isFinite(v) ? v : '');

/**
 * The one number input of the app. It takes "," and "." as the decimal mark in both languages
 * (the domain's parseDecimal: a tablet's keypad often has only "."), keeps what is typed while it
 * is typed, and shows the value in the user's locale once left. Mantine's NumberInput dropped the
 * mark that was not the locale's: "12.4" became 124 in French.
 */
export function DecimalInput({ value, onChange, decimals = 4, allowNegative = true, money, error, onBlur, rightSection, ...rest }: DecimalInputProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const shown = (v: DecimalValue) => (v === '' ? '' : formatDecimalInput(v, locale, decimals));
  const [text, setText] = useState(() => shown(asValue(value)));
  const [problem, setProblem] = useState<string | null>(null);
  const [last, setLast] = useState<DecimalValue>(asValue(value));
  // A value set from elsewhere (a reset, a "+" button, a sync) replaces the text; the one being typed stays as typed.
  const current = asValue(value);
  if (current !== last) {
    setLast(current);
    if (current !== (parseDecimal(text) ?? '')) {
      setText(shown(current));
      setProblem(null);
    }
  }
  const read = (typed: string): string | null => {
    if (typed.trim() === '') return null;
    const n = parseDecimal(typed);
    if (n === null) return t('common:number.invalid');
    if (tooManyDecimals(typed, decimals)) return decimals === 0 ? t('common:number.whole') : t('common:number.decimals', { count: decimals });
    if (!allowNegative && n < 0) return t('common:number.negative');
    return null;
  };
  return (
    <TextInput
      {...rest}
      type="text"
      inputMode={decimals === 0 && !allowNegative ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={text}
      error={problem ?? error}
      rightSection={rightSection ?? (money ? '$' : undefined)}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        const refused = read(typed);
        setText(typed);
        setProblem(refused);
        if (refused) return;
        const next = typed.trim() === '' ? '' : parseDecimal(typed)!;
        setLast(next);
        onChange(next);
      }}
      onBlur={(e) => {
        // Once left, a number reads as the locale writes it ("12.4" → "12,4" in French).
        if (!problem) setText(shown(current));
        onBlur?.(e);
      }}
    />
  );
}
