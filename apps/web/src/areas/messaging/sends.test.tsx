// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { mockApi, renderAt, signedIn, type Call } from '../../testing/mockApi.tsx';
import { VehicleReadyButton } from './VehicleReady.tsx';

vi.mock('../../app/AppData.tsx', async () => (await import('../../testing/mockApi.tsx')).appDataMock());

// « Prévenir le client : véhicule prêt » on a completed repair (issue 26): by e-mail and/or text,
// a text under the customer's consent (recorded at the counter when they give it), in fr and en.

const PHONE = '+15145550142';
let calls: Call[];
let consents: any[];

const repair = (email: string | null, state = 'completed') => ({ id: 'r1', state, customer: { id: 'c1', email, phone: '514 555-0142' } });
const show = (r: ReturnType<typeof repair>) => renderAt('/repairs/r1', '/repairs/:id', <VehicleReadyButton repair={r} />);
const posted = (url: string) => calls.filter((c) => c.method === 'POST' && c.url === url).map((c) => (c.body as any).data.attributes);

beforeAll(() => shimMantineBrowser());
beforeEach(async () => {
  await i18n.changeLanguage('fr');
  signedIn.permissions = new Set(['edit repairs']);
  signedIn.smsEnabled = true;
  consents = [];
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.url.startsWith('/customer-consents')) return { body: { data: consents, meta: { page: { total: consents.length } } } };
    if (c.method === 'POST' && c.url === '/customer-consents') {
      const made = { type: 'customer-consents', id: 'k1', attributes: { contact: PHONE, channel: 'sms', kind: 'transactional', given: true, source: 'counter', at: '2026-11-29T10:00:00Z' } };
      consents = [made];
      return { status: 201, body: { data: made } };
    }
    if (c.method === 'POST' && c.url === '/repairs/r1/notify-ready') {
      const a = (c.body as any).data.attributes;
      const text = a.send_sms ? { to: PHONE, message_id: '01a2252b-ad44-7312-8cf4-75ee49e1a825', status: 'sent', error: null } : null;
      return { body: { data: { type: 'repairs', id: 'r1', attributes: {} }, meta: { ready: { email: a.send_email ? 'julie@example.com' : null, sms: text ? PHONE : null, text } } } };
    }
    return undefined;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signedIn.smsEnabled = false;
});

describe('telling the customer their vehicle is ready', { timeout: 30_000 }, () => {
  it('is offered on completed work only, to whoever may edit repairs', async () => {
    show(repair('julie@example.com', 'in_progress'));
    expect(screen.queryByTestId('repair-ready')).toBeNull();
    cleanup();
    signedIn.permissions = new Set();
    show(repair('julie@example.com'));
    expect(screen.queryByTestId('repair-ready')).toBeNull();
  });

  it('e-mails and texts it, the consent given at the counter recorded first (fr)', async () => {
    show(repair('julie@example.com'));
    fireEvent.click(screen.getByText('Prévenir le client : véhicule prêt'));
    expect(((await screen.findByLabelText('Courriel')) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Texto'));
    expect((await screen.findByTestId('repair-ready-no-consent')).textContent).toContain('n’a pas donné son consentement aux textos au +15145550142');
    expect((screen.getByTestId('repair-ready-confirm') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByText('Enregistrer son consentement (donné au comptoir)'));
    await screen.findByTestId('repair-ready-consent-given');
    await waitFor(() => expect((screen.getByTestId('repair-ready-confirm') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('repair-ready-confirm'));
    await screen.findByText('Le client a été prévenu.');
    expect(screen.getByTestId('repair-ready-texted').textContent).toBe('Texto envoyé au +15145550142.');
    expect(posted('/repairs/r1/notify-ready')).toEqual([{ send_email: true, send_sms: true }]);
  });

  it('asks for a way when there is none: no address, no text chosen (en)', async () => {
    await i18n.changeLanguage('en');
    show(repair(null));
    fireEvent.click(screen.getByText('Tell the customer: vehicle ready'));
    expect(((await screen.findByLabelText('E-mail')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('The customer has no e-mail address.')).toBeTruthy();
    expect(screen.getByText('Choose at least one way: e-mail or text.')).toBeTruthy();
    expect((screen.getByTestId('repair-ready-confirm') as HTMLButtonElement).disabled).toBe(true);
  });
});
