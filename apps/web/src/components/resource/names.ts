import { salesInvoiceName, type Locale } from '@atelier/domain';
import i18n from 'i18next';
import type { Model } from '../../api/jsonapi.ts';
import { fullName } from '../../api/types.ts';
import { currentLocale } from '../../i18n/index.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';

// How a record is named in dropdowns, badges, titles and links (spec platform §3), without React:
// the registry (app/resources.ts) says which of these names each type's records.

export const byName = (m: Model) => String(m.name ?? m.id);
/** A work document (inspection, estimate, repair, request) by its number. */
export const byCode = (m: Model) => String(m.code || m.id);
/** Users by first name and last name. */
export const byFullName = (m: Model) => fullName({ firstname: String(m.firstname ?? ''), lastname: String(m.lastname ?? '') }) || String(m.email ?? m.id);
export const customerLabel = (m: Model) => String(m.customer_name || m.id);
export const supplierLabel = (m: Model) => String(m.company_name || m.id);
export const contactLabel = (m: Model) => String(m.full_name || [m.firstname, m.lastname].filter(Boolean).join(' ') || m.id);
/** A vehicle by its name and VIN, so two identical models are told apart. */
export const vehicleOption = (v: Model) => {
  const name = [v.model_year, v.make, v.model].filter(Boolean).join(' ');
  return name ? `${name} · ${String(v.vin ?? '')}` : String(v.vin ?? v.id);
};

/** A payment by its amount and day (a refund's amount is negative), as a bill's or an invoice's list of payments shows it. */
export const paymentLabel = (m: Model) => {
  const locale = currentLocale();
  return [typeof m.amount === 'number' ? formatMoney(m.amount, locale) : null, m.paid_on ? formatDate(String(m.paid_on), locale) : null].filter(Boolean).join(' · ') || String(m.id);
};
/** A sales invoice by its number; a draft, which has none, as « Brouillon » and whom it bills, in the reader's language. */
export const invoiceLabel = (m: Model) => salesInvoiceName({ code: m.code, billing_address: m.billing_address }, (i18n.language === 'en' ? 'en' : 'fr') satisfies Locale);
