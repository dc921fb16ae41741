import {
  CONTACT_TITLES,
  CONTACT_TITLE_LABELS,
  CUSTOMER_TYPES,
  CUSTOMER_TYPE_LABELS,
  PHONE_TYPES,
  PHONE_TYPE_LABELS,
  PROVINCES,
  type Labels,
  type Locale,
} from '@atelier/domain';
import { DayInput } from '../../components/DateInputs.tsx';
import type { Model } from '../../api/jsonapi.ts';
import type { FieldDef } from '../../components/resource/RecordForm.tsx';
import type { RelationConfig } from '../../components/resource/RelationSelect.tsx';
import i18n, { currentLocale } from '../../i18n/index.ts';
import { byName } from '../admin/common.tsx';

/** The CRM enumerations with the domain package's fr/en labels (one source with the server). */
interface Option {
  value: string;
  label: string;
  raw: true;
}
function optionsOf<T extends string>(values: readonly T[], labels: Labels<T>, locale: Locale = currentLocale()): Option[] {
  return values.map((v) => ({ value: v, label: labels[v][locale], raw: true }));
}
function labelOf<T extends string>(labels: Labels<T>, value: unknown, locale: Locale = currentLocale()): string {
  if (value === null || value === undefined || value === '') return '';
  const l = (labels as Record<string, Record<Locale, string>>)[String(value)];
  return l ? l[locale] : String(value);
}

export const crmEnums = {
  customerTypes: () => optionsOf(CUSTOMER_TYPES, CUSTOMER_TYPE_LABELS),
  phoneTypes: () => optionsOf(PHONE_TYPES, PHONE_TYPE_LABELS),
  titles: () => optionsOf(CONTACT_TITLES, CONTACT_TITLE_LABELS),
  provinces: (): Option[] => PROVINCES.map((p) => ({ value: p, label: p, raw: true })),
  customerType: (v: unknown) => labelOf(CUSTOMER_TYPE_LABELS, v),
  phoneType: (v: unknown) => labelOf(PHONE_TYPE_LABELS, v),
  title: (v: unknown) => labelOf(CONTACT_TITLE_LABELS, v),
};

/** Dropdown labels of spec platform §3: customer_name, company_name, first + last name. */
export const customerLabel = (m: Model) => String(m.customer_name || m.id);
export const supplierLabel = (m: Model) => String(m.company_name || m.id);
export const contactLabel = (m: Model) => String(m.full_name || [m.firstname, m.lastname].filter(Boolean).join(' ') || m.id);

export const crmRelations = {
  customer: { type: 'customers', labelOf: customerLabel, sort: 'customer_name' } satisfies RelationConfig,
  supplier: { type: 'suppliers', labelOf: supplierLabel, sort: 'company_name' } satisfies RelationConfig,
  tags: { type: 'tags', many: true, labelOf: byName, sort: 'name' } satisfies RelationConfig,
  locations: { type: 'locations', many: true, labelOf: byName, sort: 'name', global: false } satisfies RelationConfig,
};

/** A date without time (birthday): typed (jj/mm/aaaa in French) or picked, shown in the user's language. */
export function dateField(name: string, label: string): FieldDef {
  return {
    name,
    label,
    kind: 'text',
    input: ({ value, onChange, error, label: l }) => (
      <DayInput label={l} value={value} onChange={onChange} error={error} name={name} maxDate={new Date().toISOString().slice(0, 10)} />
    ),
    view: (r) => formatDay(r[name]) || i18n.t('common:form.none'),
  };
}

export function formatDay(value: unknown): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return '';
  return new Intl.DateTimeFormat(`${currentLocale()}-CA`, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
}

/** Address fields (address, city, province, postal code) under a prefix ('' / 'billing_' / 'delivery_'). */
export function addressFields(prefix: '' | 'billing_' | 'delivery_', visible?: FieldDef['visible'], extra: Partial<FieldDef> = {}): FieldDef[] {
  return [
    { name: `${prefix}address`, label: `crm:fields.${prefix}address`, kind: 'text', visible, max: 255, wide: true, ...extra },
    { name: `${prefix}city`, label: `crm:fields.${prefix}city`, kind: 'text', visible, max: 100 },
    { name: `${prefix}province`, label: `crm:fields.${prefix}province`, kind: 'select', options: crmEnums.provinces(), visible },
    { name: `${prefix}postal_code`, label: `crm:fields.${prefix}postal_code`, kind: 'text', visible, max: 20 },
  ];
}
