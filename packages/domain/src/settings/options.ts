import { isIpLiteral, addressClass } from './addresses.ts';
import { DEFAULT_ENVIRONMENTAL_FEES, parseEnvironmentalFees, parseMarkupMatrix } from '../lines/part-charges.ts';
import { SCALE, scaledToText, toScaled } from '../lines/decimal.ts';
import { DEFAULT_FOLLOW_UP_DAYS, FOLLOW_UP_CHANNEL_PREFERENCES, parseFollowUpDays } from '../follow-ups/follow-ups.ts';

/**
 * The options every organization starts with (spec platform §3 Settings). Options are read by
 * the clients as a name-to-value map; names are '<module>.<setting>'. Money is in cents.
 */
export const DEFAULT_OPTIONS: Readonly<Record<string, unknown>> = {
  'general.document_footer': '',
  'general.currency': 'CAD',
  'sales.default_tax_group': null,
  /** Printed on the invoices (Québec: the GST and QST registration numbers; the terms of payment). */
  'sales.gst_number': '',
  'sales.qst_number': '',
  'sales.payment_terms': '',
  'purchases.default_tax_group': null,
  'estimations.default_hourly_rate': 12_000,
  /** The tax group of new estimation and repair items (set to the province's group when groups are seeded). */
  'estimations.default_tax_group': null,
  'estimations.callback_url_pending_approval': null,
  'estimations.callback_url_approved': null,
  'inspections.callback_url_completed': null,
  'repairs.callback_url_completed': null,
  /** What an hour of a technician's time costs the shop (cents): the labour margin of the reports; 0 until given. */
  'repairs.labour_cost_per_hour': 0,
  /** Follow-ups of declined work (issue 26): off until the shop turns them on (they are promotional messages in its name). */
  'estimations.follow_ups_enabled': false,
  /** Days after the decline each follow-up is due. */
  'estimations.follow_up_days': [...DEFAULT_FOLLOW_UP_DAYS],
  'estimations.follow_up_channel': 'sms_first',
  /** Parts pricing (issue 27): the markup matrix (cost from, in cents → margin % on the cost); empty: a part is priced by hand or at its product's price. */
  'estimations.markup_matrix': [],
  /** Environmental fees per unit (cents) by province and kind (tire, battery): Québec's as examples to check (lines/part-charges.ts). */
  'estimations.environmental_fees': DEFAULT_ENVIRONMENTAL_FEES,
  /** Shop supplies (issue 27): a percentage of the charged labour on each new estimate (0: none)… */
  'estimations.shop_supplies_percent': '0',
  /** …at most this many cents (null: no cap). */
  'estimations.shop_supplies_cap': null,
};

/** The settings modules (spec platform §3) in the order the screens list them. */
export const SETTINGS_MODULES = ['general', 'estimations', 'inspections', 'repairs', 'purchases', 'sales'] as const;
export type SettingsModule = (typeof SETTINGS_MODULES)[number];

/** What a value is: the screens pick the input, the server adds what needs the database (a tax group of the organization, a resolved host). */
export type OptionKind = 'text' | 'currency' | 'tax_group' | 'money' | 'optional_money' | 'percent' | 'callback_url' | 'switch' | 'days' | 'follow_up_channel' | 'markup_matrix' | 'environmental_fees';

export type OptionProblem = { ok: false; code: string; params?: Record<string, string | number> };
export type OptionParse = { ok: true; value: unknown } | OptionProblem;

export interface OptionRule {
  kind: OptionKind;
  parse(value: unknown, opts?: { allowPrivate?: boolean }): OptionParse;
}

export const FOOTER_MAX = 2000;
export const CALLBACK_URL_MAX = 2000;
/** 10 000 $ an hour: a typing slip beyond that, not a rate. */
export const HOURLY_RATE_MAX_CENTS = 1_000_000;
export const CURRENCIES = ['CAD', 'USD', 'EUR'] as const;

const ok = (value: unknown): OptionParse => ({ ok: true, value });
const problem = (code: string, params?: Record<string, string | number>): OptionProblem => ({ ok: false, code, params });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const text = (max: number): OptionRule => ({
  kind: 'text',
  parse: (v) => (v === null ? ok('') : typeof v !== 'string' ? problem('option.text') : v.length > max ? problem('option.too_long', { max }) : ok(v)),
});

const taxGroup: OptionRule = {
  kind: 'tax_group',
  parse: (v) => (v === null || v === '' ? ok(null) : typeof v === 'string' && UUID.test(v) ? ok(v.toLowerCase()) : problem('option.tax_group')),
};

const money: OptionRule = {
  kind: 'money',
  parse: (v) =>
    typeof v !== 'number' || !Number.isInteger(v) || v < 0 ? problem('option.money') : v > HOURLY_RATE_MAX_CENTS ? problem('option.money_max', { max: HOURLY_RATE_MAX_CENTS / 100 }) : ok(v),
};

/** An amount in cents, or none (null, ""): a cap that may be left off. */
const optionalMoney: OptionRule = { kind: 'optional_money', parse: (v) => (v === null || v === '' ? ok(null) : money.parse(v)) };

/** A percentage, 0 to 100 with four decimals at most, kept as a decimal text ("7.5"); "7,5" is read too. */
const percent: OptionRule = {
  kind: 'percent',
  parse: (v) => {
    const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().replace(',', '.') : '';
    if (!/^\d+(?:\.\d{1,4})?$/.test(text) || toScaled(text) > 100n * SCALE) return problem('option.percent');
    return ok(scaledToText(toScaled(text)));
  },
};

const currency: OptionRule = {
  kind: 'currency',
  parse: (v) => ((CURRENCIES as readonly unknown[]).includes(v) ? ok(v) : problem('option.currency', { values: CURRENCIES.join(', ') })),
};

/**
 * A callback URL: http or https, no credentials in it, and (unless the deployment allows private
 * networks) not an IP literal outside the public Internet. Names are resolved and checked by the
 * server, at save and again at each delivery.
 */
export function parseCallbackUrl(v: unknown, opts: { allowPrivate?: boolean } = {}): OptionParse {
  if (v === null || v === '') return ok(null);
  if (typeof v !== 'string') return problem('option.url');
  if (v.length > CALLBACK_URL_MAX) return problem('option.too_long', { max: CALLBACK_URL_MAX });
  let url: URL;
  try {
    url = new URL(v.trim());
  } catch {
    return problem('option.url');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) return problem('option.url');
  if (url.username || url.password) return problem('option.url_credentials');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!opts.allowPrivate && isIpLiteral(host) && addressClass(host) !== 'public') return problem('option.url_private', { address: host });
  return ok(url.href);
}

const callbackUrl: OptionRule = { kind: 'callback_url', parse: parseCallbackUrl };

const onOff: OptionRule = { kind: 'switch', parse: (v) => (typeof v === 'boolean' ? ok(v) : problem('option.boolean')) };

/** A rule whose reading answers the value to store, or null (the problem's code). */
const readBy = (kind: OptionKind, read: (v: unknown) => unknown, code: string): OptionRule => ({
  kind,
  parse: (v) => {
    const value = read(v);
    return value === null ? problem(code) : ok(value);
  },
});

/** Follow-up days: a list of whole days (or the text "30, 90"), increasing. */
const followUpDays = readBy('days', parseFollowUpDays, 'option.follow_up_days');

const followUpChannel: OptionRule = {
  kind: 'follow_up_channel',
  parse: (v) => ((FOLLOW_UP_CHANNEL_PREFERENCES as readonly unknown[]).includes(v) ? ok(v) : problem('option.choice', { values: FOLLOW_UP_CHANNEL_PREFERENCES.join(', ') })),
};

const markupMatrix = readBy('markup_matrix', parseMarkupMatrix, 'option.markup_matrix');
const environmentalFees = readBy('environmental_fees', parseEnvironmentalFees, 'option.environmental_fees');

/** Each option's rule, by name (a Map: names come from clients). */
export const OPTION_RULES: ReadonlyMap<string, OptionRule> = new Map<string, OptionRule>([
  ['general.document_footer', text(FOOTER_MAX)],
  ['general.currency', currency],
  ['sales.default_tax_group', taxGroup],
  ['sales.gst_number', text(30)],
  ['sales.qst_number', text(30)],
  ['sales.payment_terms', text(500)],
  ['purchases.default_tax_group', taxGroup],
  ['estimations.default_hourly_rate', money],
  ['estimations.default_tax_group', taxGroup],
  ['estimations.callback_url_pending_approval', callbackUrl],
  ['estimations.callback_url_approved', callbackUrl],
  ['estimations.follow_ups_enabled', onOff],
  ['estimations.follow_up_days', followUpDays],
  ['estimations.follow_up_channel', followUpChannel],
  ['estimations.markup_matrix', markupMatrix],
  ['estimations.environmental_fees', environmentalFees],
  ['estimations.shop_supplies_percent', percent],
  ['estimations.shop_supplies_cap', optionalMoney],
  ['inspections.callback_url_completed', callbackUrl],
  ['repairs.callback_url_completed', callbackUrl],
  ['repairs.labour_cost_per_hour', money],
]);

/** Checks an option's new value; an option the catalogue does not know is not written. */
export function parseOption(name: string, value: unknown, opts?: { allowPrivate?: boolean }): OptionParse {
  const rule = OPTION_RULES.get(name);
  return rule ? rule.parse(value, opts) : problem('option.unknown', { name });
}

/** The module an option belongs to ('estimations.default_hourly_rate' → estimations). */
export const moduleOfOption = (name: string) => name.split('.')[0];

/**
 * The events an organization may be called back on, and the option that holds each URL. The
 * server sends the record as it is once the event's transaction commits.
 */
export const CALLBACK_EVENTS = new Map<string, { option: string; type: string }>([
  ['inspection.completed', { option: 'inspections.callback_url_completed', type: 'inspections' }],
  ['estimation.pending_approval', { option: 'estimations.callback_url_pending_approval', type: 'estimations' }],
  ['estimation.approved', { option: 'estimations.callback_url_approved', type: 'estimations' }],
  ['repair.completed', { option: 'repairs.callback_url_completed', type: 'repairs' }],
]);
export const CALLBACK_EVENT_NAMES = [...CALLBACK_EVENTS.keys()] as readonly string[];

/** Deliveries are tried this many times, then left failed. */
export const CALLBACK_MAX_ATTEMPTS = 8;

/** Seconds before the next try after `attempts` failed ones: 30 s, 1 min, 2 min ... capped at 6 h. */
export function callbackBackoffSeconds(attempts: number, base = 30): number {
  return Math.min(base * 2 ** Math.max(0, attempts - 1), 6 * 3600);
}
