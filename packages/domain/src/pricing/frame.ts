import { isEmail, normalizeEmail } from '../auth/email.ts';
import { isPhone } from '../crm/crm.ts';
import { MAX_AMOUNT, type PriceRequest, type PriceRequestProblem } from './request.ts';
import { computeOffer, type OfferInput } from './offer.ts';

// The public price frame (issue 20 point 5): the dealership's margin (target profit, aggression,
// reconditioning) comes from its frame settings, never from the website's visitor; the frame
// shows an offer or a range, and a visitor who wants it leaves a lead (an evaluation request).

/** What the frame shows the visitor: the offer, or a range from the market's low to high. */
export const FRAME_DISPLAYS = ['offer', 'range'] as const;
export type FrameDisplay = (typeof FRAME_DISPLAYS)[number];

export interface FrameSettings {
  desiredProfit: number;
  aggressionPercent: number;
  /** The reconditioning the dealership counts on a vehicle it has not seen. */
  damageCost: number;
  display: FrameDisplay;
}

export const DEFAULT_FRAME_SETTINGS: FrameSettings = { desiredProfit: 0, aggressionPercent: 0, damageCost: 0, display: 'offer' };

/** The price request's members that are the dealership's margin: a public caller may not send them. */
export const MARGIN_FIELDS = ['desired_profit', 'aggression_percentage', 'damage_cost'] as const;

/** One 422 per margin member a public caller sent (refused rather than ignored, so an integrator sees it). */
export function marginProblems(body: unknown): PriceRequestProblem[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  return MARGIN_FIELDS.filter((f) => Object.hasOwn(body, f)).map((field) => ({ field, code: 'pricing.margin_not_public', params: { name: field } }));
}

/** The request with the organization's margin in place of whatever it carried. */
export const withFrameMargin = (request: PriceRequest, settings: FrameSettings): PriceRequest => ({
  ...request,
  desiredProfit: settings.desiredProfit,
  aggressionPercent: settings.aggressionPercent,
  damageCost: settings.damageCost,
});

/** The settings' members, as the API names them. */
export const FRAME_SETTING_FIELDS = ['desired_profit', 'aggression_percentage', 'damage_cost', 'display'] as const;

export interface FrameSettingsProblem {
  field: (typeof FRAME_SETTING_FIELDS)[number] | 'body';
  code: string;
  params?: Record<string, string | number>;
}

/** Checks a change of the settings (any subset of the members) over the current ones. */
export function checkFrameSettings(body: unknown, current: FrameSettings): { ok: true; settings: FrameSettings } | { ok: false; problems: FrameSettingsProblem[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, problems: [{ field: 'body', code: 'pricing.body_not_object' }] };
  const input = body as Record<string, unknown>;
  const problems: FrameSettingsProblem[] = [];
  const known = new Set<string>(FRAME_SETTING_FIELDS);
  for (const key of Object.keys(input)) if (!known.has(key)) problems.push({ field: 'body', code: 'validation.unknown_attribute', params: { name: key } });
  const next = { ...current };
  const amount = (field: 'desired_profit' | 'damage_cost', max: number, integer: boolean): number | undefined => {
    if (!Object.hasOwn(input, field)) return undefined;
    const v = input[field];
    if (typeof v !== 'number' || !Number.isFinite(v) || (integer && !Number.isInteger(v))) return void problems.push({ field, code: integer ? 'validation.integer' : 'validation.numeric' });
    if (v < 0) return void problems.push({ field, code: 'validation.min', params: { min: 0 } });
    if (v > max) return void problems.push({ field, code: 'validation.max', params: { max } });
    return v;
  };
  next.desiredProfit = amount('desired_profit', MAX_AMOUNT, true) ?? next.desiredProfit;
  next.damageCost = amount('damage_cost', MAX_AMOUNT, true) ?? next.damageCost;
  if (Object.hasOwn(input, 'aggression_percentage')) {
    const v = input.aggression_percentage;
    if (typeof v !== 'number' || !Number.isFinite(v)) problems.push({ field: 'aggression_percentage', code: 'validation.numeric' });
    else if (v < 0) problems.push({ field: 'aggression_percentage', code: 'validation.min', params: { min: 0 } });
    else if (v > 100) problems.push({ field: 'aggression_percentage', code: 'validation.max', params: { max: 100 } });
    else next.aggressionPercent = Math.round(v * 100) / 100;
  }
  if (Object.hasOwn(input, 'display')) {
    if (typeof input.display === 'string' && (FRAME_DISPLAYS as readonly string[]).includes(input.display)) next.display = input.display as FrameDisplay;
    else problems.push({ field: 'display', code: 'validation.enum', params: { values: FRAME_DISPLAYS.join(', ') } });
  }
  return problems.length ? { ok: false, problems } : { ok: true, settings: next };
}

/** What the frame answers the visitor: the offer, and a range when the dealership shows one. */
export interface FrameOffer {
  display: FrameDisplay;
  offer: number;
  low: number;
  high: number;
}

/**
 * The offer at the market's low and high retail (the official price range), with the same margin,
 * ordered; without a market range (Black Book only) the range is the offer itself.
 */
export function frameOffer(offer: number, terms: Omit<OfferInput, 'retail'>, retailRange: { low: number; high: number } | null, display: FrameDisplay): FrameOffer {
  if (display === 'offer' || !retailRange) return { display, offer, low: offer, high: offer };
  const [a, b] = [computeOffer({ ...terms, retail: retailRange.low }).offer, computeOffer({ ...terms, retail: retailRange.high }).offer];
  return { display, offer, low: Math.min(a, b, offer), high: Math.max(a, b, offer) };
}

export const LEAD_FIELDS = ['name', 'phone', 'email', 'consent'] as const;
export const LEAD_NAME_MAX = 200;

export interface Lead {
  name: string;
  phone: string | null;
  email: string | null;
}

/**
 * The visitor's contact: a name, a phone number or an e-mail address (or both), and the explicit
 * consent to be contacted (true, never implied). Problems point at the lead's members.
 */
export function checkLead(input: Record<string, unknown>): { ok: true; lead: Lead } | { ok: false; problems: { field: (typeof LEAD_FIELDS)[number]; code: string; params?: Record<string, string | number> }[] } {
  const problems: { field: (typeof LEAD_FIELDS)[number]; code: string; params?: Record<string, string | number> }[] = [];
  const text = (field: 'name' | 'phone' | 'email'): string | null => {
    const v = input[field];
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
    if (typeof v !== 'string') return problems.push({ field, code: 'validation.string' }), null;
    if (v.trim().length > LEAD_NAME_MAX) return problems.push({ field, code: 'validation.max_length', params: { max: LEAD_NAME_MAX } }), null;
    return v.trim();
  };
  const name = text('name');
  if (name === null && !problems.some((p) => p.field === 'name')) problems.push({ field: 'name', code: 'validation.required' });
  const phone = text('phone');
  if (phone !== null && !isPhone(phone)) problems.push({ field: 'phone', code: 'validation.phone' });
  const email = text('email');
  if (email !== null && !isEmail(email)) problems.push({ field: 'email', code: 'validation.email' });
  if (phone === null && email === null && !problems.some((p) => p.field === 'phone' || p.field === 'email')) problems.push({ field: 'phone', code: 'pricing.lead_contact_required' });
  if (input.consent !== true) problems.push({ field: 'consent', code: 'pricing.lead_consent_required' });
  return problems.length ? { ok: false, problems } : { ok: true, lead: { name: name!, phone, email: email === null ? null : normalizeEmail(email) } };
}
