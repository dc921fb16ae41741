// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
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
        { section: 'Pneus', field: 'Pneu avant gauche', action: 'replace', critical: true, comment: 'Usure avancée à l’intérieur', answer: 'À remplacer', measures: ['2,5 mm', '31 psi'], tone: 'bad', photos: [PHOTO], video: VIDEO },
        { section: 'Freins', field: 'Plaquettes avant', action: 'schedule', critical: false, comment: null, answer: 'Mauvais', measures: [], tone: 'warn', photos: [], video: null },
      ],
    },
  ],
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
    expect(within(findings[1]).queryByTestId('shared-finding-video')).toBeNull();
    expect(within(findings[1]).queryByRole('img')).toBeNull();
    expect(within(findings[1]).queryByTestId('shared-finding-comment')).toBeNull();
    // The findings lead: the recommended work comes before the sections' scores.
    const work = screen.getByRole('region', { name: 'Travaux recommandés' });
    const sections = screen.getByRole('region', { name: 'Résultats par section' });
    expect(work.compareDocumentPosition(sections) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
