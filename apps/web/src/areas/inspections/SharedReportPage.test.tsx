// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WorkTotals } from '@atelier/domain';
import type { ApprovalItem, ApprovalView } from '../estimations/approvalApi.ts';
import { publicPageTests } from '../../testing/jsdom.ts';
import { renderAt } from '../../testing/mockApi.tsx';
import type { SharedSummary } from './reportApi.ts';
import SharedReportPage from './SharedReportPage.tsx';

const PHOTO = '/api/v1/public/inspection-reports/tok/photos/0b7c2f1e-0000-4000-8000-000000000001';
const VIDEO = '/api/v1/public/inspection-reports/tok/videos/0b7c2f1e-0000-4000-8000-000000000002';
const summary: SharedSummary = {
  locale: 'fr',
  expires_at: '2026-12-04T12:00:00Z',
  organization: 'Garage Démo',
  location: null,
  code: 'I-2026-000002',
  state: 'completed',
  completed_at: '2026-11-26T12:00:00Z',
  vehicle: { vin: 'KM8K2CAB4PU001140', year: 2023, make: 'Hyundai', model: 'Kona', odometer: 18650, unit: 'km' },
  vehicle_score: 72,
  tone: 'warn',
  note: 'Bon état',
  sections: [{ name: 'Pneus', score: 60, tone: 'warn', subSections: [] }],
  work: [
    {
      urgency: 'urgent',
      items: [
        { inspection_field_id: 'f-tire', section: 'Pneus', field: 'Pneu avant gauche', action: 'replace', critical: true, comment: 'Usure avancée à l’intérieur', answer: 'À remplacer', measures: ['2,5 mm', '31 psi'], tone: 'bad', photos: [PHOTO], video: VIDEO },
        { inspection_field_id: 'f-pads', section: 'Freins', field: 'Plaquettes avant', action: 'schedule', critical: false, comment: null, answer: 'Mauvais', measures: [], tone: 'warn', photos: [], video: null },
      ],
    },
  ],
  approval: null,
};

publicPageTests();

describe('the shared inspection report', () => {
  it('shows each finding with its answer, measures, action, comment and photos through the link', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(summary), { status: 200 })));
    renderAt('/shared/inspections/tok', '/shared/inspections/:token', <SharedReportPage />);
    const findings = await screen.findAllByTestId('shared-finding');
    expect(findings).toHaveLength(2);
    const tire = within(findings[0]);
    // A safety-critical field failing is named so, in red.
    expect(tire.getByText('Sécurité — Pneu avant gauche')).toBeTruthy();
    expect(findings[0].getAttribute('data-critical')).toBe('true');
    expect(findings[1].getAttribute('data-critical')).toBeNull();
    expect(tire.getByTestId('shared-finding-answer').textContent).toBe('À remplacer');
    expect(tire.getByText('2,5 mm · 31 psi')).toBeTruthy();
    expect(tire.getByTestId('shared-finding-action').textContent).toBe('Remplacer');
    expect(tire.getByTestId('shared-finding-comment').textContent).toBe('Usure avancée à l’intérieur');
    // The photo by the link's own address (the customer has no session), enlarged in a new tab.
    const photo = tire.getByRole('img', { name: 'Photo 1 : Pneu avant gauche' });
    expect(photo.getAttribute('src')).toBe(PHOTO);
    expect(photo.closest('a')?.getAttribute('href')).toBe(PHOTO);
    // The video plays in the page, by the link's address too.
    expect(tire.getByTestId('shared-finding-video').getAttribute('src')).toBe(VIDEO);
    expect(tire.getByLabelText('Vidéo : Pneu avant gauche')).toBeTruthy();
    // Captions (axe's video-caption): the inspector's words of the finding over the clip.
    const track = tire.getByTestId('shared-finding-video').querySelector('track[kind=captions]') as HTMLTrackElement;
    expect(track.getAttribute('srclang')).toBe('fr');
    expect(track.getAttribute('label')).toBe('Constat de l’inspecteur');
    const vtt = decodeURIComponent(track.getAttribute('src')!.replace('data:text/vtt;charset=utf-8,', ''));
    expect(vtt).toBe('WEBVTT\n\n00:00:00.000 --> 00:00:30.000\nPneu avant gauche — À remplacer\n2,5 mm · 31 psi\nUsure avancée à l’intérieur\n');
    expect(within(findings[1]).queryByTestId('shared-finding-video')).toBeNull();
    expect(within(findings[1]).queryByRole('img')).toBeNull();
    expect(within(findings[1]).queryByTestId('shared-finding-comment')).toBeNull();
    // The findings lead: the recommended work comes before the sections' scores.
    const work = screen.getByRole('region', { name: 'Travaux recommandés' });
    const sections = screen.getByRole('region', { name: 'Résultats par section' });
    expect(work.compareDocumentPosition(sections) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

const totals = (subtotal: number): WorkTotals => {
  const gst = Math.round(subtotal * 0.05);
  const qst = Math.round(subtotal * 0.09975);
  return { parts: subtotal, labour: 0, discount: 0, part_charges: 0, subtotal, taxes: [{ code: 'TPS', amount: gst }, { code: 'TVQ', amount: qst }], tax: gst + qst, total: subtotal + gst + qst, warranty: 0 };
};
const job = (id: string, detail: string, subtotal: number, field: string | null): ApprovalItem => ({
  id,
  detail,
  condition: 'to_replace',
  urgency: 'urgent',
  part: null,
  quantity: '1',
  warranty: false,
  inspection_field_id: field,
  totals: totals(subtotal),
  images: [],
});
const approval = (over: Partial<ApprovalView> = {}): ApprovalView => ({
  locale: 'fr',
  expires_at: '2026-12-10T12:00:00Z',
  organization: 'Garage Démo',
  location: null,
  code: 'E-2026-000004',
  version: 2,
  sent_at: '2026-11-26T12:00:00Z',
  accepting: true,
  vehicle: null,
  customer: 'Marie Gagnon',
  items: [job('j-tire', 'Pneu avant gauche — remplacer', 20_000, 'f-tire'), job('j-pads', 'Plaquettes avant', 10_000, 'f-pads'), job('j-filter', 'Filtre d’habitacle', 3_000, null)],
  pricing: { terms: {}, groups: [] },
  totals: { ...totals(33_000), supplies: 0, document_discount: 0, charges: [] },
  footer: null,
  answer: null,
  answered_version: null,
  ...over,
});

/** The page of a report whose estimate awaits an answer; `reply` answers its POST. */
function mountWithApproval(locale: 'fr' | 'en', reply: (body: any) => Response, over: Partial<ApprovalView> = {}) {
  const posted: any[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        expect(url).toBe('/api/v1/public/inspection-reports/tok/answer');
        const body = JSON.parse(String(init.body));
        posted.push(body);
        return reply(body);
      }
      return new Response(JSON.stringify({ ...summary, locale, approval: approval({ locale, ...over }) }), { status: 200 });
    }),
  );
  renderAt('/shared/inspections/tok', '/shared/inspections/:token', <SharedReportPage />);
  return posted;
}

describe('approving from the shared report', () => {
  it('puts each job under its finding (the others in a list), takes a tap per job, the name, one submit', async () => {
    const posted = mountWithApproval('fr', (body) =>
      new Response(
        JSON.stringify(approval({ accepting: false, answer: { version: 2, signer_name: body.data.attributes.signer_name, decided_at: '2026-11-27T15:00:00Z', decisions: body.data.attributes.decisions } })),
        { status: 201 },
      ),
    );
    const findings = await screen.findAllByTestId('shared-finding');
    expect(within(findings[0]).getAllByTestId('report-job').map((j) => j.dataset.item)).toEqual(['j-tire']);
    expect(within(findings[1]).getAllByTestId('report-job').map((j) => j.dataset.item)).toEqual(['j-pads']);
    const others = screen.getByTestId('report-other-jobs');
    expect(within(others).getAllByTestId('report-job').map((j) => j.dataset.item)).toEqual(['j-filter']);
    expect(screen.getByTestId('report-approval-intro').textContent).toMatch(/Approuvez ou refusez/);

    // Nothing decided, no name: told, nothing sent.
    fireEvent.click(screen.getByTestId('report-send'));
    expect((await screen.findByTestId('report-undecided')).textContent).toBe('3 travaux n’ont pas encore de décision.');
    expect(screen.getByText('Votre nom est requis')).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.click(within(findings[0]).getByRole('button', { name: 'J’approuve' }));
    fireEvent.click(within(findings[1]).getByRole('button', { name: 'Je refuse' }));
    fireEvent.click(within(others).getByRole('button', { name: 'J’approuve' }));
    expect(within(findings[0]).getByRole('button', { name: 'J’approuve' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(findings[1]).getByRole('button', { name: 'J’approuve' }).getAttribute('aria-pressed')).toBe('false');
    // 200 $ + 30 $ and their taxes.
    expect(screen.getByTestId('report-accepted-total').textContent).toMatch(/264,44/);
    fireEvent.change(screen.getByLabelText(/Votre nom/), { target: { value: 'Marie Gagnon' } });
    fireEvent.click(screen.getByTestId('report-send'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      data: {
        attributes: {
          version: 2,
          signer_name: 'Marie Gagnon',
          decisions: [
            { item: 'j-tire', decision: 'approved' },
            { item: 'j-pads', decision: 'declined' },
            { item: 'j-filter', decision: 'approved' },
          ],
        },
      },
    });
    // Answered: the decisions read, no more buttons.
    expect((await screen.findByTestId('report-answered')).textContent).toMatch(/Marie Gagnon/);
    expect(screen.queryByTestId('report-job-approve')).toBeNull();
    expect(screen.getAllByTestId('report-job-decision').map((b) => b.textContent)).toEqual(['Approuvé', 'Refusé', 'Approuvé']);
  });

  it('adds the shop supplies and the document discount to what is approved (the approval page’s one total)', async () => {
    const QC = [
      { code: 'TPS', rate: '5', type: 'percentage' },
      { code: 'TVQ', rate: '9.975', type: 'percentage' },
    ];
    // The tire's 200 $ are labour: 10 % of supplies (20 $) and 10 % off the document (20 $).
    const items = approval().items.map((i) => ({ ...i, tax_group_id: 'qc', totals: i.id === 'j-tire' ? { ...i.totals, parts: 0, labour: 20_000 } : i.totals }));
    const pricing = { terms: { supplies_percent: '10', supplies_cap: null, supplies_taxes: QC, discount_percent: '10' }, groups: [{ id: 'qc', taxes: QC }] };
    mountWithApproval('fr', () => new Response('{}', { status: 500 }), { items, pricing });
    const findings = await screen.findAllByTestId('shared-finding');
    expect(screen.queryByTestId('report-accepted-supplies')).toBeNull();
    fireEvent.click(within(findings[0]).getByRole('button', { name: 'J’approuve' }));
    expect(screen.getByTestId('report-accepted-supplies').textContent).toMatch(/20,00/);
    expect(screen.getByTestId('report-accepted-discount').textContent).toMatch(/-20,00/);
    // 200 $ − 20 $ + 20 $ and the taxes of each printed part: the tire's 229,95 $.
    expect(screen.getByTestId('report-accepted-total').textContent).toMatch(/229,95/);
  });

  it('says in English that the estimate was already answered (409) and offers to reload', async () => {
    mountWithApproval('en', () => new Response(JSON.stringify({ errors: [{ status: '409', code: 'approval.already_answered', title: 'x', detail: 'This version of the estimate has already been answered.' }] }), { status: 409 }));
    await screen.findAllByTestId('shared-finding');
    for (const b of screen.getAllByRole('button', { name: 'I decline' })) fireEvent.click(b);
    fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: 'Mary' } });
    fireEvent.click(screen.getByRole('button', { name: /Send my answer/ }));
    const conflict = await screen.findByTestId('report-conflict');
    expect(conflict.textContent).toMatch(/already been answered/);
    expect(within(conflict).getByRole('button', { name: 'See the new version' })).toBeTruthy();
  });

  it('shows no decision buttons when the report has no estimate awaiting an answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(summary), { status: 200 })));
    renderAt('/shared/inspections/tok', '/shared/inspections/:token', <SharedReportPage />);
    await screen.findAllByTestId('shared-finding');
    expect(screen.queryByTestId('report-job')).toBeNull();
    expect(screen.queryByTestId('report-approval')).toBeNull();
  });
});
