import { LOCALES, pricedTotals, type CustomerDecision, type DocumentPricing, type DocumentTotals, type ItemCondition, type Locale, type Urgency, type WorkTotals } from '@atelier/domain';
import { API_BASE, request } from '../../api/client.ts';
import { publicCall } from '../../api/publicCall.ts';
import type { JsonApiDocument } from '../../api/jsonapi.ts';
import { isOneOf } from '../../lib/enums.ts';
import { sendAttributes, type SendChoice, type SentLink } from '../../components/SendLinkDialog.tsx';

// The customer's approval page (server: areas/estimations/approval): what a link sent with
// send-client-approve shows, and the customer's answer. No sign-in: the link's token opens it.

export const approvalPath = (token: string) => `${API_BASE}/public/estimate-approvals/${encodeURIComponent(token)}`;

export interface ApprovalItem {
  id: string;
  detail: string;
  condition: ItemCondition | null;
  urgency: Urgency | null;
  part: string | null;
  quantity: string;
  warranty: boolean;
  /** Its tax group: the document discount is split by group. */
  tax_group_id?: string | null;
  /** The item's totals, in cents (the server's, with the taxes of its group). */
  totals: WorkTotals;
  /** The inspection's photos of it, as URLs the link opens. */
  images: string[];
  /** The inspection's field (its finding) the job was made from; null when made otherwise. */
  inspection_field_id?: string | null;
}

export interface ApprovalAnswer {
  version: number;
  signer_name: string;
  decided_at: string;
  decisions: { item: string; decision: CustomerDecision }[];
}

/** GET /public/estimate-approvals/{token}. */
export interface ApprovalView {
  locale: Locale;
  expires_at: string;
  organization: string;
  location: string | null;
  code: string;
  /** The estimate's version shown: an answer applies to it. */
  version: number;
  sent_at: string | null;
  /** Whether the estimate takes an answer now (sent, approval open, this version not answered). */
  accepting: boolean;
  vehicle: { vin: string; year: number | null; make: string | null; model: string | null; odometer: number | null; unit: string } | null;
  customer: string | null;
  items: ApprovalItem[];
  /** The estimate's shop supplies and document discount terms, with its tax groups' rates. */
  pricing: DocumentPricing;
  totals: DocumentTotals;
  footer: string | null;
  /** The answer given to this version, if any. */
  answer: ApprovalAnswer | null;
  /** The version an earlier answer applied to, when the estimate changed since: it is asked again. */
  answered_version: number | null;
}

/** The decisions taken on an approval's items, by item id. */
export type Decisions = Record<string, CustomerDecision | undefined>;

/**
 * What the accepted items cost with the estimate's supplies and document discount, live as the
 * customer decides: the server's line totals under the server's pricing (the domain's
 * pricedTotals), so the page and the estimate agree to the cent. Both approval pages use it.
 */
export const acceptedTotals = (view: Pick<ApprovalView, 'items' | 'pricing'>, decisions: Decisions): DocumentTotals =>
  pricedTotals(view.items.filter((i) => decisions[i.id] === 'approved'), view.pricing);

// The approval link's own JSON (a public page's view, not a JSON:API record).
const call = (url: string, init: RequestInit) => publicCall<ApprovalView>(url, init);

export const fetchApproval = (token: string, locale: string) => call(approvalPath(token), { headers: { Accept: 'application/json', 'Accept-Language': locale } });

/** POST the customer's decisions and signature; 409 when the estimate changed meanwhile, 422 with one error per problem. */
export const sendApproval = (token: string, locale: string, attributes: { version: number; signer_name: string; signature: string; decisions: { item: string; decision: CustomerDecision }[] }) =>
  call(approvalPath(token), {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Accept-Language': locale },
    body: JSON.stringify({ data: { attributes } }),
  });

/** What send-client-approve answers in meta.approval, this once: the link and where it was e-mailed (null: no address). */
export type SentApproval = SentLink;

/**
 * POST /estimations/{id}/send-client-approve: a new version sent, its link (an empty address lets the
 * server use the customer's; byEmail false makes the link without e-mailing it).
 */
export async function sendToCustomer(estimationId: string, options: SendChoice): Promise<SentApproval> {
  const attributes = sendAttributes(options);
  const doc = await request<JsonApiDocument>(`/estimations/${encodeURIComponent(estimationId)}/send-client-approve`, {
    method: 'POST',
    global: false,
    body: { data: { type: 'estimations', id: estimationId, attributes } },
  });
  return (doc.meta as { approval: SentApproval }).approval;
}

/** The customer's language, when the customer is loaded with it. */
export const customerLocale = (customer: { locale?: unknown } | null | undefined): Locale | null => {
  const locale = customer?.locale;
  return isOneOf(LOCALES, locale) ? locale : null;
};
