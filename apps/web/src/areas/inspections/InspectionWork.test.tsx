// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { clear, get } from 'idb-keyval';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18n from '../../i18n/index.ts';
import { formOfRecord } from './adapter.ts';
import { loadQueue, queueKey } from './answerSender.ts';
import { InspectionWork } from './InspectionPage.tsx';
import { allFields } from './model.ts';
import type { PreviousVisit } from './previousVisit.ts';
import { EMPTY_QUEUE, type SaveQueue } from './saveQueue.ts';
import { testFormRecord } from './testForm.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';

const form = formOfRecord(testFormRecord());
const fields = allFields(form).map((f) => ({
  id: `r-${f.id}`,
  type: 'inspection-fields',
  inspectionFormSectionField: { id: f.id, type: 'inspection-form-section-fields' },
  value: null,
  action: null,
  touched: false,
  not_applicable: false,
  comment: null,
}));
const inspection = { id: 'insp-1', code: 'I-2026-000001', vehicle: null, odometer: null };

beforeAll(async () => {
  shimMantineBrowser();
  await i18n.changeLanguage('fr');
});

type Reply = { ok: boolean; status: number };
let calls: { url: string; body: unknown; reply: (r: Reply | Error, body?: unknown) => void }[] = [];
beforeEach(async () => {
  calls = [];
  window.localStorage.clear();
  await clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string, init: RequestInit) =>
        new Promise((resolve, reject) => {
          calls.push({
            url,
            body: init.body ? JSON.parse(String(init.body)) : null,
            reply: (r, body = {}) => (r instanceof Error ? reject(r) : resolve({ ...r, text: async () => JSON.stringify(body), headers: { get: () => null } })),
          });
        }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (
  answering = true,
  { stored = EMPTY_QUEUE, previous = null, onReload = () => {}, at = '/inspecpro/inspections/insp-1' }: { stored?: SaveQueue; previous?: PreviousVisit | null; onReload?: () => void; at?: string } = {},
) =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider>
          <InspectionWork
            inspection={inspection}
            form={form}
            reminders={[]}
            fields={fields}
            stored={stored}
            previous={previous}
            answering={answering}
            sectionActions={false}
            canTakeOver
            onReload={onReload}
          />
        </MantineProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
/** What the device keeps for the inspection (IndexedDB), once the writes have landed. */
const kept = async () => JSON.parse((await get<string>(queueKey('insp-1'))) ?? '[]');
const card = (id: string) => screen.getByTestId(`field-${id}`);

describe('InspectionWork', { timeout: 30_000 }, () => {
  it('an answer scores at once, is sent in the background and says so until the server has it', async () => {
    show();
    fireEvent.click(within(card('f1')).getByRole('button', { name: 'Oui' }));
    expect(screen.getByTestId('vehicle-score').textContent).toBe('33');
    expect(card('f1').getAttribute('data-save')).toBe('saving');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].url).toBe('/api/v1/inspection-fields/r-f1?add_data=inspectionSectionScores');
    expect(calls[0].body).toEqual({ data: { type: 'inspection-fields', id: 'r-f1', attributes: { value: true } } });
    calls[0].reply({ ok: true, status: 200 });
    await waitFor(() => expect(card('f1').getAttribute('data-save')).toBeNull());
    await waitFor(async () => expect(await get(queueKey('insp-1'))).toBeUndefined());
  });

  it('a failed save is shown on its field, kept on the device and counted in the banner', async () => {
    show();
    fireEvent.click(within(card('f1')).getByRole('button', { name: 'Non' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0].reply(new TypeError('Failed to fetch'));
    await waitFor(() => expect(card('f1').getAttribute('data-save')).toBe('failed'));
    expect(screen.getByTestId('save-banner').textContent).toBe('1 réponse attend la connexion');
    await waitFor(async () => expect(await kept()).toEqual([{ fieldId: 'f1', recordId: 'r-f1', change: { value: false } }]));
  });

  it('reopened, it shows the answers the device still holds', async () => {
    window.localStorage.setItem(queueKey('insp-1'), JSON.stringify([{ fieldId: 'f1', recordId: 'r-f1', change: { value: true } }]));
    show(true, { stored: await loadQueue('insp-1') });
    expect(within(card('f1')).getByTestId('field-touched').textContent).toBe('Renseigné');
    expect(screen.getByTestId('vehicle-score').textContent).toBe('33');
  });

  it('opens at the section named in the address (a reload keeps it), offline said once in the banner', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const second = form.sections[1];
    show(true, { at: `/inspecpro/inspections/insp-1?section=${second.id}` });
    await waitFor(() => expect(screen.getByTestId(`section-tab-${second.id}`).getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByTestId('offline-banner').textContent).toMatch(/Hors ligne : les photos/);
    expect(screen.getAllByText(/Hors ligne : les photos/)).toHaveLength(1);
    fireEvent.click(screen.getByTestId(`section-tab-${form.sections[0].id}`));
    await waitFor(() => expect(screen.getByTestId(`section-tab-${form.sections[0].id}`).getAttribute('aria-selected')).toBe('true'));
    vi.restoreAllMocks();
  });

  it('read only when the user does not hold it: nothing to answer, no final step', () => {
    show(false);
    expect(within(card('f1')).getByRole('button', { name: 'Oui' })).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('section-tab-finish')).toBeNull();
  });

  it('shows each field’s answer at the previous visit', () => {
    const previous: PreviousVisit = { id: 'p', code: 'I-2026-000001', completed_at: null, odometer: null, vehicle_score: 70, fields: new Map([['f1', { value: false, action: 'repair', not_applicable: false, comment: null }]]) };
    show(true, { previous });
    expect(within(card('f1')).getByTestId('field-previous').textContent).toBe('Dernière visite : Non · Réparer');
    expect(within(card('f2')).queryByTestId('field-previous')).toBeNull();
  });

  it('taken over meanwhile: says who holds it, keeps the answers, and takes it over to send them', async () => {
    const reload = vi.fn();
    show(true, { onReload: reload });
    fireEvent.click(within(card('f1')).getByRole('button', { name: 'Oui' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0].reply({ ok: false, status: 403 }, { errors: [{ status: '403', detail: 'Carl Collègue fait cette inspection' }] });
    const banner = await screen.findByTestId('save-conflict');
    expect(banner.textContent).toContain('Carl Collègue fait cette inspection');
    expect(banner.textContent).toContain('1 réponse est gardée sur cette tablette');
    expect(card('f1').getAttribute('data-save')).toBe('saving');
    await waitFor(async () => expect(await kept()).toHaveLength(1));
    // Nothing is retried alone.
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(1);
    fireEvent.click(within(banner).getByTestId('conflict-take-over'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].url).toBe('/api/v1/inspections/insp-1/take-over');
    calls[1].reply({ ok: true, status: 200 }, { data: { type: 'inspections', id: 'insp-1', attributes: {} } });
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(await kept()).toHaveLength(1);
  });
});
