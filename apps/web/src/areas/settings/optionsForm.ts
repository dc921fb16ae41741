import { OPTION_RULES, parseDecimal, parseFollowUpDays, tooManyDecimals, type OptionKind, type SettingsModule } from '@atelier/domain';
import { pricingFromInput, pricingInputProblem, pricingToInput, PRICING_KINDS } from './partPricingForm.ts';

// The settings screens' model, without React: which options a module shows and how a value
// is typed in (money in dollars on screen, in cents on the server).

export interface OptionField {
  name: string;
  kind: OptionKind;
  /** The key of its label and help: settings:options.<module>.<setting>. */
  label: string;
}

export function optionFields(module: SettingsModule): OptionField[] {
  return [...OPTION_RULES].filter(([name]) => name.startsWith(`${module}.`)).map(([name, rule]) => ({ name, kind: rule.kind, label: `settings:options.${name}` }));
}

/** The text an input shows for a stored value (money with the reader's decimal separator: 145,50 in French). */
export function toInput(kind: OptionKind, value: unknown, decimalSeparator: ',' | '.' = '.'): string {
  if (value === null || value === undefined) return '';
  if (kind === 'money' || kind === 'optional_money') return (Number(value) / 100).toFixed(2).replace('.', decimalSeparator);
  if (kind === 'percent') return String(value).replace('.', decimalSeparator);
  if (kind === 'switch') return value === true ? 'true' : 'false';
  if (kind === 'days') return Array.isArray(value) ? value.join(', ') : String(value);
  if (PRICING_KINDS.has(kind)) return pricingToInput(kind, value, decimalSeparator);
  return String(value);
}

/**
 * The value sent for what was typed: money in cents (a typed "125,50" is 12550; a text that is
 * not a number is sent as is, for the server's message), empty as null.
 */
export function fromInput(kind: OptionKind, text: string): unknown {
  const trimmed = text.trim();
  if (kind === 'text') return text;
  if (kind === 'switch') return trimmed === 'true';
  // Days as a list (30, 90); what is not one is sent as typed, for the server's message.
  if (kind === 'days') return parseFollowUpDays(trimmed) ?? trimmed;
  if (PRICING_KINDS.has(kind)) return pricingFromInput(kind, text);
  if (trimmed === '') return kind === 'money' ? trimmed : null;
  // A percentage as typed ("7,5" too): the server reads it and says what is wrong.
  if (kind === 'percent') return trimmed;
  if (kind === 'money' || kind === 'optional_money') {
    // The app's one reading of a typed number; more than cents is not rounded away unseen.
    const n = parseDecimal(trimmed);
    return n === null || tooManyDecimals(trimmed, 2) ? trimmed : Math.round(n * 100);
  }
  return trimmed;
}

/**
 * What is wrong with a typed amount, found before sending: the server's message speaks in cents
 * (for API clients), the screen in dollars. Undefined when it can be sent.
 */
export function inputProblem(kind: OptionKind, text: string): 'settings:errors.amount' | 'settings:errors.amount_negative' | 'settings:errors.follow_up_days' | 'settings:errors.markup_matrix' | 'settings:errors.fee_province' | undefined {
  if (kind === 'days') return parseFollowUpDays(text.trim()) ? undefined : 'settings:errors.follow_up_days';
  if (PRICING_KINDS.has(kind)) return pricingInputProblem(kind, text);
  if (kind !== 'money' && kind !== 'optional_money') return undefined;
  if (kind === 'optional_money' && text.trim() === '') return undefined;
  const value = fromInput(kind, text);
  if (typeof value !== 'number') return 'settings:errors.amount';
  return value < 0 ? 'settings:errors.amount_negative' : undefined;
}
