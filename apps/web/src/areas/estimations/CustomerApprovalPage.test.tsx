// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { WorkTotals } from '@atelier/domain';
import i18n from '../../i18n/index.ts';
import { publicPageTests } from '../../testing/jsdom.ts';
import { renderAt } from '../../testing/mockApi.tsx';
import type { ApprovalView } from './approvalApi.ts';
import CustomerApprovalPage from './CustomerApprovalPage.tsx';

// jsdom draws nothing on a canvas: the pad is replaced by a button that "signs".
vi.mock('../../components/SignaturePad.tsx', () => ({
  SignaturePad: ({ onChange, label, error }: { onChange: (v: string | null) => void; label: string; error?: string | null }) => (
    <div>
      <button type="button" onClick={() => onChange('data:image/png;base64,iVBORw0KGgo=')}>
        {label}
      </button>
      {error && <p>{error}</p>}
    </div>
  ),
}));

const totals = (subtotal: number, gst: number, qst: number): WorkTotals => ({
  parts: subtotal,
  labour: 0,
  discount: 0,
  part_charges: 0,
  subtotal,
  taxes: [
    { code: 'TPS', amount: gst },
    { code: 'TVQ', amount: qst },
  ],
  tax: gst + qst,
  total: subtotal + gst + qst,
  warranty: 0,
});

const view = (over: Partial<ApprovalView> = {}): ApprovalView => ({
  locale: 'en',
  expires_at: '2026-12-26T12:00:00Z',
  organization: 'Garage Démo',
  location: 'Montréal',
  code: 'E-2026-000007',
  version: 2,
  sent_at: '2026-11-26T12:00:00Z',
  accepting: true,
  vehicle: { vin: '1HGCM82633A004352', year: 2019, make: 'Honda', model: 'Civic', odometer: 81000, unit: 'km' },
  customer: 'Marie Gagnon',
  items: [
    { id: 'a', detail: 'Front brake pads', condition: 'to_replace', urgency: 'urgent', part: 'Pads', quantity: '1', warranty: false, totals: totals(20000, 1000, 1995), images: ['/api/v1/public/x/images/0'] },
    { id: 'b', detail: 'Wiper blades', condition: 'to_replace', urgency: 'monitor', part: null, quantity: '1', warranty: false, totals: totals(5000, 250, 499), images: [] },
  ],
  pricing: { terms: {}, groups: [] },
  totals: { ...totals(25000, 1250, 2494), supplies: 0, document_discount: 0, charges: [] },
  footer: 'Merci de votre confiance',
  answer: null,
  answered_version: null,
  ...over,
});

let posted: unknown = null;
function mount(answer: (body: unknown) => Response, first = view()) {
  posted = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posted = JSON.parse(String(init.body));
        return answer(posted);
      }
      return new Response(JSON.stringify(first), { status: 200 });
    }),
  );
  renderAt('/approve/estimates/tok', '/approve/estimates/:token', <CustomerApprovalPage />);
}

// A visitor who chose no language: the page follows the link's.
publicPageTests();

const itemCard = (detail: string) => screen.getByText(detail).closest('[data-testid=approval-item]') as HTMLElement;

describe('the customer approval page', () => {
  it('shows the estimate in the link’s language, totals what is accepted live, and sends the answer', async () => {
    mount((body) => {
      const a = (body as { data: { attributes: Pick<NonNullable<ApprovalView['answer']>, 'decisions' | 'signer_name'> } }).data.attributes;
      return new Response(JSON.stringify(view({ answer: { version: 2, signer_name: a.signer_name, decided_at: '2026-11-26T13:00:00Z', decisions: a.decisions } })), { status: 201 });
    });
    await screen.findByText('Estimate E-2026-000007');
    expect(i18n.language).toBe('en');
    expect(screen.getByTestId('approval-vehicle').textContent).toBe('2019 Honda Civic · VIN 1HGCM82633A004352 · Marie Gagnon');
    expect(within(itemCard('Front brake pads')).getByTestId('approval-item-total').textContent).toBe('$229.95');
    expect(screen.getByTestId('accepted-total').textContent).toBe('$0.00');

    // Nothing decided, no name, no signature: all said at once, nothing sent.
    fireEvent.click(screen.getByTestId('approval-send'));
    expect(screen.getByTestId('approval-undecided').textContent).toBe('2 jobs still have no decision.');
    expect(screen.getByText('Your name is required')).toBeTruthy();
    expect(screen.getByText('The signature is required')).toBeTruthy();
    expect(posted).toBeNull();

    fireEvent.click(within(itemCard('Front brake pads')).getByText('I accept'));
    fireEvent.click(within(itemCard('Wiper blades')).getByText('I decline'));
    expect(screen.getByTestId('accepted-total').textContent).toBe('$229.95');
    fireEvent.change(screen.getByTestId('approval-signer'), { target: { value: 'Marie Gagnon' } });
    fireEvent.click(screen.getByText('Your signature'));
    fireEvent.click(screen.getByTestId('approval-send'));

    await screen.findByTestId('approval-answered');
    expect(posted).toEqual({
      data: {
        attributes: {
          version: 2,
          signer_name: 'Marie Gagnon',
          signature: 'data:image/png;base64,iVBORw0KGgo=',
          decisions: [
            { item: 'a', decision: 'approved' },
            { item: 'b', decision: 'declined' },
          ],
        },
      },
    });
    expect(screen.getByTestId('approval-answered').textContent).toContain('Signed by Marie Gagnon');
    expect(screen.getByRole('heading', { name: 'Thank you, your answer was sent' })).toBeTruthy();
    // The customer keeps the signed quote: the link's own PDF, with their decisions and signature.
    const pdf = screen.getByRole('link', { name: 'Download the signed quote (PDF)' });
    expect(pdf.getAttribute('href')).toMatch(/^\/api\/v1\/public\/estimate-approvals\/tok\/report(\?tz=.+)?$/);
    expect(screen.queryByTestId('approval-send')).toBeNull();
  }, 30_000);

  it('in French: a changed estimate asks again, and a 409 on sending offers the new version', async () => {
    mount(
      () =>
        new Response(JSON.stringify({ errors: [{ status: '409', code: 'approval.version_changed', detail: 'L’estimation a changé depuis son envoi : rechargez-la.' }] }), {
          status: 409,
        }),
      view({ locale: 'fr', answered_version: 1 }),
    );
    await screen.findByText('Estimation E-2026-000007');
    expect(screen.getByTestId('approval-changed-since').textContent).toContain('répondez de nouveau');
    fireEvent.click(screen.getByTestId('approval-accept-all'));
    expect(screen.getByTestId('accepted-total').textContent?.replace(/\s/g, ' ')).toBe('287,44 $');
    fireEvent.change(screen.getByTestId('approval-signer'), { target: { value: 'Marie' } });
    fireEvent.click(screen.getByText('Votre signature'));
    fireEvent.click(screen.getByTestId('approval-send'));
    await waitFor(() => expect(screen.getByTestId('approval-conflict').textContent).toContain('rechargez-la'));
    expect(screen.getByText('Voir la nouvelle version')).toBeTruthy();
  }, 30_000);

  it('shows an item’s discount and the accepted work’s, in both languages', async () => {
    const discounted = { ...totals(20000, 1000, 1995), parts: 22000, discount: 2000 };
    const items = [{ ...view().items[0], totals: discounted }, view().items[1]];
    mount(() => new Response('{}', { status: 500 }), view({ locale: 'fr', items }));
    await screen.findByText('Estimation E-2026-000007');
    expect(within(itemCard('Front brake pads')).getByTestId('approval-item-discount').textContent?.replace(/\s/g, ' ')).toBe('Remise de 20,00 $ incluse');
    expect(within(itemCard('Wiper blades')).queryByTestId('approval-item-discount')).toBeNull();
    fireEvent.click(within(itemCard('Front brake pads')).getByText('J’accepte'));
    expect(screen.getByTestId('accepted-discount').textContent?.replace(/\s/g, ' ')).toBe('-20,00 $');
    expect(screen.getByTestId('accepted-total').textContent?.replace(/\s/g, ' ')).toBe('229,95 $');
    cleanup();
    mount(() => new Response('{}', { status: 500 }), view({ items }));
    await screen.findByText('Estimate E-2026-000007');
    expect(within(itemCard('Front brake pads')).getByTestId('approval-item-discount').textContent).toBe('Includes a $20.00 discount');
  }, 30_000);

  it('adds the shop supplies and the document discount to the accepted work, live, in both languages', async () => {
    const QC = [
      { code: 'TPS', rate: '5', type: 'percentage' },
      { code: 'TVQ', rate: '9.975', type: 'percentage' },
    ];
    // Labour of 100,00 $ on the pads: 10 % of supplies; 10,00 $ off the document, split on the one group.
    const pads = { ...view().items[0], tax_group_id: 'qc', totals: { ...totals(20000, 1000, 1995), parts: 10000, labour: 10000 } };
    const wipers = { ...view().items[1], tax_group_id: 'qc' };
    const pricing = { terms: { supplies_percent: '10', supplies_cap: null, supplies_taxes: QC, discount_amount: 1000 }, groups: [{ id: 'qc', taxes: QC }] };
    mount(() => new Response('{}', { status: 500 }), view({ locale: 'fr', items: [pads, wipers], pricing }));
    await screen.findByText('Estimation E-2026-000007');
    expect(screen.queryByTestId('accepted-supplies')).toBeNull();
    fireEvent.click(within(itemCard('Front brake pads')).getByText('J’accepte'));
    expect(screen.getByTestId('accepted-supplies').textContent?.replace(/\s/g, ' ')).toBe('10,00 $');
    expect(screen.getByTestId('accepted-document-discount').textContent?.replace(/\s/g, ' ')).toBe('-10,00 $');
    // 229,95 $ + 10,00 $ of supplies (TPS 0,50, TVQ 1,00) − 10,00 $ (TPS −0,50, TVQ −1,00).
    expect(screen.getByTestId('accepted-total').textContent?.replace(/\s/g, ' ')).toBe('229,95 $');
    expect(screen.getByText('Fournitures d’atelier')).toBeTruthy();
    cleanup();
    mount(() => new Response('{}', { status: 500 }), view({ items: [pads, wipers], pricing }));
    await screen.findByText('Estimate E-2026-000007');
    fireEvent.click(within(itemCard('Front brake pads')).getByText('I accept'));
    expect(screen.getByText('Shop supplies')).toBeTruthy();
    expect(screen.getByText('Document discount')).toBeTruthy();
  }, 30_000);

  // With a query client that retries by default: the page itself must not retry an expired link.
  it('says when the link has expired', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ errors: [{ status: '410', code: 'approval.gone', detail: 'gone' }] }), { status: 410 })));
    const router = createMemoryRouter([{ path: '/approve/estimates/:token', element: <CustomerApprovalPage /> }], { initialEntries: ['/approve/estimates/tok'] });
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    await screen.findByTestId('shared-gone');
    expect(screen.getByTestId('shared-refused-title').textContent).toBe('Ce lien n’est plus valide');
  });
});
