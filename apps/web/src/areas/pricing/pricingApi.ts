import type { CatalogueFilter, CatalogueLevel, Condition, FrameDisplay, OfferStep, Province, ReconditioningOrigin, WideningStep } from '@atelier/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, headersOf, request } from '../../api/client.ts';
import { ApiError, errorsOfBody } from '../../api/jsonapi.ts';

// The calls of the price estimation (server: areas/pricing/routes.ts, contract.ts). The screen
// calls as the signed-in user; the embedded frame calls the public routes with its public key and
// names the site embedding it (X-Embed-Parent), which the server checks against the allowed domains.

export interface EstimateResult {
  vehicle: { vin: string | null; year: number; make: string; model: string; series: string | null; style: string | null };
  province: Province;
  status: Condition;
  mileage: number;
  accident: boolean;
  rebuilt: boolean;
  damage_cost: number;
  desired_profit: number;
  aggression_percentage: number;
  msrp: number | null;
  warranty_basic: string | null;
  warranty_powertrain: string | null;
  black_book:
    | { status: 'not_configured' | 'unavailable' | 'not_found'; message: string }
    | { status: 'ok'; retail: Record<Condition, number>; wholesale: Record<Condition, number | null>; msrp: number | null; warranty_basic: string | null; warranty_powertrain: string | null; mileage_adjustment: number };
  ess: {
    average_retail_sales: number;
    median_retail_sales: number;
    retail_by_status: Record<Condition, number>;
    vehicle_count: number;
    average_days_on_market: number | null;
    median_days_on_market: number | null;
    price_variation: number;
    price_variation_percent: number;
    official_price: { low: number; high: number; taxed_low: number; taxed_high: number; tax_rate_percent: number };
    valid_price_range_margin: number;
    low_confidence: boolean;
    widening_step: WideningStep;
    comparables: { km: number; price: number; year: number; kind: 'sale' | 'listing'; kept: boolean }[];
  } | null;
  offer: { basis: 'ess' | 'black_book'; market_retail: number; amount: number; steps: OfferStep[] };
  debug?: Record<string, unknown>;
  /** The appraisal the estimate was kept as, the vehicle of its VIN and that vehicle's inspection. */
  appraisal?: { id: string; vehicle_id: string | null; inspection: { id: string; score: number | null } | null; reconditioning: { origin: ReconditioningOrigin; cents: number } };
}

/** Where the calls go: the signed-in app, or the frame of a public key embedded in a site. */
export type Channel = { kind: 'app' } | { kind: 'embed'; key: string; parent: string | null; locale: string };

const embedHeaders = (c: Extract<Channel, { kind: 'embed' }>, body: boolean) => ({
  Accept: 'application/vnd.api+json',
  'Accept-Language': c.locale,
  ...(body ? { 'Content-Type': 'application/json' } : {}),
  ...(c.parent ? { 'X-Embed-Parent': c.parent } : {}),
});

async function embedCall<T>(c: Extract<Channel, { kind: 'embed' }>, path: string, init: { method?: string; body?: unknown; query?: Record<string, string> } = {}): Promise<T> {
  const params = new URLSearchParams({ key: c.key, ...(init.query ?? {}) });
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/public/embed${path}?${params}`, { method: init.method ?? 'GET', headers: embedHeaders(c, init.body !== undefined), body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  } catch {
    throw new ApiError(0, [{ status: '0', code: 'NETWORK_ERROR', title: 'NETWORK_ERROR' }]);
  }
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, errorsOfBody(res.status, body));
  return body as T;
}

/** POST /estimations/vehicle-price (plain JSON), as the signed-in user. */
export async function estimatePrice(body: Record<string, unknown>, { debug = false }: { debug?: boolean } = {}): Promise<EstimateResult> {
  const res = await fetch(`${API_BASE}/estimations/vehicle-price${debug ? '?debug=1' : ''}`, { method: 'POST', headers: { ...headersOf(false), 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const doc = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, errorsOfBody(res.status, doc));
  return (doc as { data: { attributes: EstimateResult } }).data.attributes;
}

/** What the frame shows the visitor (server: frameOfferDocument): the offer, or a range. */
export interface FrameOfferResult {
  vehicle: EstimateResult['vehicle'];
  province: Province;
  status: Condition;
  mileage: number;
  display: FrameDisplay;
  offer: number;
  low: number;
  high: number;
}

/** The frame's offer: the dealership's margin is applied by the server, from its frame settings. */
export const frameOffer = async (channel: Extract<Channel, { kind: 'embed' }>, body: Record<string, unknown>) =>
  (await embedCall<{ data: { attributes: FrameOfferResult } }>(channel, '/vehicle-price', { method: 'POST', body })).data.attributes;

/** The visitor's lead: the vehicle's body and their contact; answers the request's code. */
export const sendLead = async (channel: Extract<Channel, { kind: 'embed' }>, body: Record<string, unknown>) =>
  (await embedCall<{ data: { attributes: { code: string | null } } }>(channel, '/leads', { method: 'POST', body })).data.attributes;

/** The frame's settings (server: settingsDocument). */
export interface FrameSettings {
  desired_profit: number;
  aggression_percentage: number;
  damage_cost: number;
  display: FrameDisplay;
}
type SettingsDoc = { data: { attributes: FrameSettings } };
export const fetchFrameSettings = () => request<SettingsDoc>('/estimate-vehicle-frame-settings', { global: false }).then((d) => d.data.attributes);
export const saveFrameSettings = (attributes: Partial<FrameSettings>) =>
  request<SettingsDoc>('/estimate-vehicle-frame-settings', { method: 'PATCH', body: { data: { type: 'estimate-vehicle-frame-settings', attributes } }, global: false }).then((d) => d.data.attributes);

/** One level of the catalogue, filtered by the levels before. */
export async function catalogue(channel: Channel, level: CatalogueLevel, filter: CatalogueFilter): Promise<string[]> {
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== '') query[`filter[${k}]`] = String(v);
  type Doc = { data: { id: string }[] };
  const doc =
    channel.kind === 'embed'
      ? await embedCall<Doc>(channel, `/estimate-vehicle-${level}`, { query })
      : await request<Doc>(`/estimate-vehicle-${level}?${new URLSearchParams(query)}`, { global: false });
  return doc.data.map((d) => d.id);
}

/** The frame's organization (refused when the embedding site is not allowed). */
export const frameInfo = (channel: Extract<Channel, { kind: 'embed' }>) =>
  embedCall<{ data: { attributes: { organization: string } } }>(channel, '/vehicle-estimate').then((d) => d.data.attributes);

export interface Keys {
  public_key: string;
  has_secret: boolean;
  secret_hint: string | null;
  secret_created_at: string | null;
  secret?: string;
}
type KeysDoc = { data: { attributes: Keys } };
export const fetchKeys = () => request<KeysDoc>('/estimate-vehicle-keys', { global: false }).then((d) => d.data.attributes);
export const makeSecret = () => request<KeysDoc>('/estimate-vehicle-keys/secret', { method: 'POST', global: false }).then((d) => d.data.attributes);
export const revokeSecretKey = () => request<KeysDoc>('/estimate-vehicle-keys/secret', { method: 'DELETE', global: false }).then((d) => d.data.attributes);
export const makePublicKey = () => request<KeysDoc>('/estimate-vehicle-keys/public', { method: 'POST', global: false }).then((d) => d.data.attributes);

const KEYS_QUERY = ['estimate-vehicle-keys'];

/** The organization's keys (the API's and the frame's tabs read them), and what keeps them once a key is made or revoked. */
export function useKeys() {
  const qc = useQueryClient();
  const keys = useQuery({ queryKey: KEYS_QUERY, queryFn: fetchKeys });
  return { keys, setKeys: (k: Keys) => qc.setQueryData(KEYS_QUERY, k) };
}

/** The frame's address for a public key, on this server. */
export const frameUrl = (origin: string, key: string, locale: string) => `${origin}/embed/vehicle-estimate?key=${encodeURIComponent(key)}&lang=${locale}`;

/** The message the frame sends its page when its height changes (the snippet's listener sizes the iframe). */
export const FRAME_HEIGHT_MESSAGE = 'atelier:frame-height';

/**
 * The code the dealership pastes: the frame, and a listener that gives it the height of its
 * content (on a phone the result and the contact form are below the form, never cut off). Only
 * messages of the frame's own origin and window are read.
 */
export function frameSnippet(url: string, title: string): string {
  const origin = new URL(url).origin;
  return `<iframe id="atelier-estimate" src="${url}" title="${title.replace(/"/g, '&quot;')}" style="width:100%;height:900px;border:0" loading="lazy"></iframe>
<script>
window.addEventListener('message', function (e) {
  var frame = document.getElementById('atelier-estimate');
  if (!frame || e.origin !== '${origin}' || e.source !== frame.contentWindow || !e.data || e.data.type !== '${FRAME_HEIGHT_MESSAGE}') return;
  frame.style.height = Math.ceil(e.data.height) + 'px';
});
</script>`;
}
