import { defineEnum } from '../enums.ts';

// CRM enumerations (spec platform §3 CRM, §9). Stored values are stable identifiers; labels are what users read.

export const [CUSTOMER_TYPES, CUSTOMER_TYPE_LABELS] = defineEnum('customer_types', ['individual', 'company']);
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const [PHONE_TYPES, PHONE_TYPE_LABELS] = defineEnum('phone_types', ['MOBILE', 'HOME', 'OFFICE', 'BUSINESS', 'FAX', 'PAGER', 'OTHER']);
export type PhoneType = (typeof PHONE_TYPES)[number];

export const [CONTACT_TITLES, CONTACT_TITLE_LABELS] = defineEnum('contact_titles', ['mr', 'mrs']);
export type ContactTitle = (typeof CONTACT_TITLES)[number];

/** What a contact may belong to (its contactable). */
export const CONTACTABLE_TYPES = ['customers', 'suppliers'] as const;
export type ContactableType = (typeof CONTACTABLE_TYPES)[number];

/** One phone number of a contact. */
export interface Phone {
  number: string;
  type: PhoneType;
  extension?: string | null;
}
export const MAX_PHONES = 10;

/**
 * A phone number as typed in Canada: digits with spaces, dots, dashes, brackets and a leading +,
 * 7 to 20 characters, and at least 7 digits ("(((((((" or "-------" are not numbers). One rule for
 * the server (customers, contacts) and the web forms.
 */
export const PHONE_PATTERN = /^\+?[0-9 ().-]{7,20}$/;
export const PHONE_MIN_DIGITS = 7;
export function isPhone(value: string): boolean {
  const s = value.trim();
  return PHONE_PATTERN.test(s) && (s.match(/\d/g)?.length ?? 0) >= PHONE_MIN_DIGITS;
}

const clean = (s: unknown) => (typeof s === 'string' ? s.trim().replace(/\s+/g, ' ') : '');

/**
 * The dropdown label of a customer (spec: customer_name): the company name for a company, first
 * and last name for an individual; whichever exists when the other is missing.
 */
export function customerName(c: {
  type?: string | null;
  company_name?: string | null;
  firstname?: string | null;
  lastname?: string | null;
}): string {
  const person = [clean(c.firstname), clean(c.lastname)].filter(Boolean).join(' ');
  const company = clean(c.company_name);
  return c.type === 'company' ? company || person : person || company;
}

/** First and last name of a contact or user, as shown in dropdowns. */
export function personName(p: { firstname?: string | null; lastname?: string | null }): string {
  return [clean(p.firstname), clean(p.lastname)].filter(Boolean).join(' ');
}

/**
 * The key two names are compared on for "is it the same person?": case, accents and extra
 * spaces do not matter ("Éric  Tremblay" = "eric tremblay").
 */
export function nameKey(s: string | null | undefined): string {
  return clean(s).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
