import type { SentLink } from '../../components/SendLinkDialog.tsx';
import type { CustomerDecision, FieldAction, Locale, RecordOf, ScoreTone, Urgency } from '@atelier/domain';
import { API_BASE, request } from '../../api/client.ts';
import { publicCall } from '../../api/publicCall.ts';
import type { ApprovalView } from '../estimations/approvalApi.ts';
import { downloadFile } from '../../api/download.ts';
import { ApiError, errorsOfBody, type JsonApiDocument } from '../../api/jsonapi.ts';

// The calls of the report and its share links (server: areas/inspections/report). The PDF needs
// the session's token, so it is fetched and handed to the browser as a file.

export const reportPath = (inspectionId: string) => `${API_BASE}/inspections/${encodeURIComponent(inspectionId)}/report`;
export const publicReportPath = (token: string) => `${API_BASE}/public/inspection-reports/${encodeURIComponent(token)}`;

const timeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return '';
  }
};

/** A public PDF's address (a link opens it, no header can be sent), its dates in this browser's time zone. */
export const inLocalTime = (path: string) => {
  const zone = timeZone();
  return `${path}${zone ? `?tz=${encodeURIComponent(zone)}` : ''}`;
};

/** The public PDF of a shared report. */
export const publicPdfUrl = (token: string) => inLocalTime(publicReportPath(token));

/** Downloads the inspection's report as the signed-in user (the file the browser saves or opens). */
export const downloadReport = (inspection: Pick<RecordOf<'inspections'>, 'id' | 'code'>) =>
  downloadFile(reportPath(inspection.id).slice(API_BASE.length), `${inspection.code ?? inspection.id}.pdf`);

export interface ShareLink {
  id: string;
  url: string;
  token: string;
  locale: Locale;
  expires_at: string;
  /** Where it was e-mailed, and what became of its text (send_email, send_sms). */
  email?: string | null;
  text?: SentLink['text'];
}
export interface ActiveShare {
  id: string;
  locale: Locale;
  expires_at: string;
  created_at: string;
}

/** POST /inspections/{id}/share: a new link (its URL shown this once). */
export async function createShare(inspectionId: string, options: { expires_in_days: number; locale: Locale | null; send_email?: boolean; send_sms?: boolean }): Promise<ShareLink> {
  const attributes = {
    expires_in_days: options.expires_in_days,
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.send_email ? { send_email: true } : {}),
    ...(options.send_sms ? { send_sms: true } : {}),
  };
  const doc = await request<JsonApiDocument>(`/inspections/${encodeURIComponent(inspectionId)}/share`, {
    method: 'POST',
    global: false,
    body: { data: { type: 'inspections', id: inspectionId, attributes } },
  });
  return (doc.meta as { share: ShareLink }).share;
}

/** The links still open (add_data=shares). */
export async function activeShares(inspectionId: string): Promise<ActiveShare[]> {
  const doc = await request<JsonApiDocument>(`/inspections/${encodeURIComponent(inspectionId)}`, { params: { extra: { add_data: 'shares' }, fields: { inspections: 'shared' } }, global: false });
  // A document's meta is free-form: add_data=shares puts the links there.
  return (doc.meta as { shares?: ActiveShare[] } | undefined)?.shares ?? [];
}

/** POST /inspections/{id}/unshare: every active link stops working. */
export const revokeShares = (inspectionId: string) => request(`/inspections/${encodeURIComponent(inspectionId)}/unshare`, { method: 'POST', global: false, body: {} });

/** What the public page shows (GET /public/inspection-reports/{token}/summary). */
export interface SharedSummary {
  locale: Locale;
  expires_at: string;
  organization: string;
  location: string | null;
  code: string;
  state: string;
  completed_at: string | null;
  vehicle: { vin: string; year: number | null; make: string | null; model: string | null; odometer: number | null; unit: string } | null;
  vehicle_score: number;
  tone: ScoreTone;
  note: string | null;
  sections: { name: string; score: number; tone: ScoreTone; subSections: { name: string; score: number; tone: ScoreTone }[] }[];
  work: { urgency: Urgency; items: SharedFinding[] }[];
  /** The inspection's estimate sent for approval (an open link), as its approval page shows it; null when none. */
  approval: ApprovalView | null;
}

/** A finding of the shared report: where, the answer in words and its colour, what to do, the inspector's comment and photos (addresses under the link); `critical`: a safety-critical field failing (first in its group, in red). */
export interface SharedFinding {
  /** The inspection's field: an estimate's job made from this finding names it. */
  inspection_field_id: string | null;
  section: string;
  field: string;
  action: FieldAction;
  critical: boolean;
  comment: string | null;
  answer: string | null;
  measures: string[];
  tone: ScoreTone | null;
  photos: string[];
  /** The finding's short video (an address under the link), or null. */
  video: string | null;
}

/** The summary of a shared report, without signing in; an ApiError (404 unknown, 410 gone) otherwise. */
export async function fetchSharedSummary(token: string, locale: string): Promise<SharedSummary> {
  let res: Response;
  try {
    res = await fetch(`${publicReportPath(token)}/summary`, { headers: { Accept: 'application/json', 'Accept-Language': locale } });
  } catch {
    throw new ApiError(0, [{ status: '0', code: 'NETWORK_ERROR', title: 'NETWORK_ERROR' }]);
  }
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, errorsOfBody(res.status, body));
  return body as SharedSummary;
}

/**
 * POST /public/inspection-reports/{token}/answer: the customer's decisions on the estimate's jobs
 * and their name (the typed name signs); answers the approval as it now is. 409 when the estimate
 * changed, was answered or awaits nothing; 422 with one error per problem.
 */
export const sendReportAnswer = (token: string, locale: string, attributes: { version: number; signer_name: string; decisions: { item: string; decision: CustomerDecision }[] }) =>
  publicCall<ApprovalView>(`${publicReportPath(token)}/answer`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Accept-Language': locale },
    body: JSON.stringify({ data: { attributes } }),
  });
