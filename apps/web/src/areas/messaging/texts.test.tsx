// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { screenTests } from '../../testing/jsdom.ts';
import { mockApi, renderAt, type Call } from '../../testing/mockApi.tsx';
import { AppConfigProvider } from '../../app/AppData.tsx';
import type { AppConfig } from '../../api/types.ts';
import { SendToCustomer } from '../estimations/SendToCustomer.tsx';
import { CustomerMessages } from './CustomerMessages.tsx';

// Texts and consent on the screens (issue 26): « Courriel / Texto » in the send dialog only where
// the server can text; a customer without consent is told why, and their consent given at the
// counter recorded before the text goes; a refused text is told; the customer's « Messages » tab
// shows the conversation and the consents, with a button to record a change. In French and English.

const PHONE = '+15145550142';
const ME = { type: 'users', id: 'u1', attributes: { firstname: 'Alice', lastname: 'Conseillère' } };
let calls: Call[];
let consents: any[];
let textStatus: 'sent' | 'failed';

const consent = (id: string, given: boolean, kind = 'transactional', source = 'counter', at = '2026-11-20T15:00:00Z') => ({
  type: 'customer-consents',
  id,
  attributes: { contact: PHONE, channel: 'sms', kind, given, source, at },
  relationships: { givenBy: { data: source === 'reply' ? null : { type: 'users', id: 'u1' } } },
});

const estimate = { id: 'e1', code: 'E-2026-000001', customer: { id: 'c1', email: null, phone: '514 555-0142', locale: 'fr' as const } };
const config = (sms: boolean) => ({ sms_enabled: sms }) as AppConfig;
const showDialog = (sms = true) =>
  renderAt('/estimates/e1', '/estimates/:id', <AppConfigProvider value={config(sms)}><SendToCustomer estimation={estimate} onSent={() => undefined} /></AppConfigProvider>);
const posted = (url: string) => calls.filter((c) => c.method === 'POST' && c.url === url).map((c) => c.body);

screenTests();
beforeEach(async () => {
  await i18n.changeLanguage('fr');
  consents = [];
  textStatus = 'sent';
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.url.startsWith('/customer-consents')) return { body: { data: consents, included: [ME], meta: { page: { total: consents.length } } } };
    if (c.method === 'POST' && c.url === '/customer-consents') {
      const given = (c.body as any).data.attributes.given;
      const made = consent(`k${consents.length + 1}`, given, (c.body as any).data.attributes.kind, 'counter', '2026-11-29T10:00:00Z');
      consents = [made, ...consents];
      return { status: 201, body: { data: made, included: [ME] } };
    }
    if (c.method === 'GET' && c.url.startsWith('/messages'))
      return {
        body: {
          data: [
            { type: 'messages', id: 'm1', attributes: { channel: 'email', direction: 'out', contact: 'eric@example.com', body: 'Votre estimation E-2026-000001', status: 'queued', error_code: null, at: '2026-11-27T14:00:00Z' }, relationships: { sentBy: { data: { type: 'users', id: 'u1' } } } },
            { type: 'messages', id: 'm2', attributes: { channel: 'sms', direction: 'out', contact: PHONE, body: 'Garage : votre estimation attend votre approbation', status: 'failed', error_code: 'provider_refused', subject_type: 'estimations', subject_id: '01a2252b-ad44-7312-8cf4-75ee49e1a826', at: '2026-11-28T14:00:00Z' }, relationships: { sentBy: { data: { type: 'users', id: 'u1' } } } },
            { type: 'messages', id: 'm3', attributes: { channel: 'sms', direction: 'in', contact: PHONE, body: 'Merci, à demain', status: 'received', error_code: null, at: '2026-11-28T15:00:00Z' }, relationships: { sentBy: { data: null } } },
          ],
          included: [ME],
          meta: { page: { total: 3 } },
        },
      };
    if (c.method === 'POST' && c.url === '/estimations/e1/send-client-approve') {
      const texted = (c.body as any).data.attributes.send_sms === true;
      const text = texted ? { to: PHONE, message_id: '01a2252b-ad44-7312-8cf4-75ee49e1a825', status: textStatus, error: textStatus === 'failed' ? 'Le fournisseur de textos a refusé ce message.' : null } : null;
      return { body: { data: { type: 'estimations', id: 'e1', attributes: {} }, meta: { approval: { url: 'https://atelier.test/approve/estimates/tok', email: null, sms: texted ? PHONE : null, text, locale: 'fr', expires_at: '2026-12-10T15:00:00Z' } } } };
    }
    return undefined;
  });
});

describe('the send dialog’s « Courriel / Texto »', { timeout: 30_000 }, () => {
  it('is not offered where the server cannot text', async () => {
    showDialog(false);
    fireEvent.click(screen.getByTestId('send-client'));
    await screen.findByTestId('send-client-by-email');
    expect(screen.queryByTestId('send-client-by-sms')).toBeNull();
    expect(screen.queryByText('Texto')).toBeNull();
  });

  it('without consent, says why and records the consent given at the counter, then texts the link (fr)', async () => {
    showDialog();
    fireEvent.click(screen.getByTestId('send-client'));
    expect(await screen.findByText('Envoyer par')).toBeTruthy();
    expect(screen.getByLabelText('Courriel')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Texto'));
    const notice = await screen.findByTestId('send-client-no-consent');
    expect(notice.textContent).toContain('Le client n’a pas donné son consentement aux textos au +15145550142');
    expect((screen.getByTestId('send-client-confirm') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(notice).getByText('Enregistrer son consentement (donné au comptoir)'));
    expect((await screen.findByTestId('send-client-consent-given')).textContent).toContain('Consentement aux textos au +15145550142 donné le');
    expect(posted('/customer-consents')).toEqual([{ data: { type: 'customer-consents', attributes: { contact: PHONE, channel: 'sms', kind: 'transactional', given: true }, relationships: { customer: { data: { type: 'customers', id: 'c1' } } } } }]);
    await waitFor(() => expect((screen.getByTestId('send-client-confirm') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('send-client-confirm'));
    expect((await screen.findByTestId('send-client-texted')).textContent).toBe('Lien envoyé par texto au +15145550142.');
    expect(posted('/estimations/e1/send-client-approve')).toEqual([{ data: { type: 'estimations', id: 'e1', attributes: { send_email: false, send_sms: true, locale: 'fr', expires_in_days: 14 } } }]);
  });

  it('a withdrawn consent is told with its date; a text the provider refused is told, the link stays to copy (en)', async () => {
    await i18n.changeLanguage('en');
    consents = [consent('k1', false, 'transactional', 'reply')];
    showDialog();
    fireEvent.click(screen.getByTestId('send-client'));
    fireEvent.click(await screen.findByLabelText('Text'));
    expect((await screen.findByTestId('send-client-no-consent')).textContent).toContain('The customer withdrew their consent to texts at +15145550142 on');
    fireEvent.click(screen.getByText('Record their consent (given at the counter)'));
    await screen.findByTestId('send-client-consent-given');
    textStatus = 'failed';
    fireEvent.click(screen.getByTestId('send-client-confirm'));
    expect((await screen.findByTestId('send-client-text-failed')).textContent).toContain('The text to +15145550142 was not sent');
    expect(((await screen.findByTestId('send-client-url')) as HTMLInputElement).value).toBe('https://atelier.test/approve/estimates/tok');
  });
});

describe('the customer’s « Messages »', { timeout: 30_000 }, () => {
  const show = () => renderAt('/crm/customers', '/crm/customers', <CustomerMessages customer={{ id: 'c1', phone: '514 555-0142' }} canEdit />);

  it('shows the conversation in time order, both ways, and the consents with who recorded them (fr)', async () => {
    consents = [consent('k2', true, 'transactional', 'counter', '2026-11-25T15:00:00Z'), consent('k1', false, 'transactional', 'reply', '2026-11-20T15:00:00Z')];
    show();
    const bubbles = await screen.findAllByTestId('message');
    expect(bubbles.map((b) => [b.dataset.direction, b.dataset.channel])).toEqual([['out', 'email'], ['out', 'sms'], ['in', 'sms']]);
    expect(bubbles[1].textContent).toContain('Échec');
    expect(bubbles[1].textContent).toContain('a refusé ce message');
    expect(within(bubbles[1]).getByTestId('message-subject').textContent).toBe('Estimation');
    expect(within(bubbles[1]).getByTestId('message-subject').getAttribute('href')).toContain('01a2252b-ad44-7312-8cf4-75ee49e1a826');
    expect(bubbles[2].textContent).toContain('Merci, à demain');
    expect(bubbles[2].textContent).toContain('du client');
    expect((await screen.findByTestId('consent-transactional-state')).textContent).toBe('Donné');
    expect(screen.getByTestId('consent-promotional-state').textContent).toBe('Aucun');
    const history = screen.getAllByTestId('consent-record');
    expect(history[0].textContent).toContain('au comptoir');
    expect(history[0].textContent).toContain('Alice Conseillère');
    expect(history[1].textContent).toContain('par réponse texto');
    expect(history[1].textContent).toContain('le client');
  });

  it('records a withdrawal and a consent with the buttons (en)', async () => {
    await i18n.changeLanguage('en');
    consents = [consent('k1', true)];
    show();
    fireEvent.click(await screen.findByText('Record withdrawal'));
    await waitFor(() => expect(screen.getByTestId('consent-transactional-state').textContent).toBe('Withdrawn'));
    fireEvent.click(screen.getAllByText('Record consent')[0]);
    await waitFor(() => expect(posted('/customer-consents')).toHaveLength(2));
    expect(posted('/customer-consents').map((b: any) => [b.data.attributes.kind, b.data.attributes.given])).toEqual([['transactional', false], ['transactional', true]]);
    expect(screen.getByText('Conversation')).toBeTruthy();
    expect(screen.getByText('Promotional texts (follow-ups of declined work)')).toBeTruthy();
  });
});
