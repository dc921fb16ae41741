// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from '../../i18n/index.ts';
import { deserialize, type Model } from '../../api/jsonapi.ts';
import { formOfRecord } from './adapter.ts';
import { queueKey } from './answerSender.ts';
import { InspectionWork } from './InspectionPage.tsx';
import { allFields } from './model.ts';
import { TEST_FORM_DOCUMENT } from './testForm.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';

const formRecord = deserialize<Model>(TEST_FORM_DOCUMENT) as Model;
const form = formOfRecord(formRecord);
const fields: Model[] = allFields(form).map((f) => ({
  id: `r-${f.id}`,
  type: 'inspection-fields',
  inspectionFormSectionField: { id: f.id, type: 'inspection-form-section-fields' },
  value: null,
  action: null,
  touched: false,
  not_applicable: false,
  comment: null,
}));
const inspection: Model = { id: 'insp-1', type: 'inspections', code: 'I-2026-000001', state: 'in_progress', vehicle: null, odometer: null };

beforeAll(async () => {
  shimMantineBrowser();
  await i18n.changeLanguage('fr');
});

type Reply = { ok: boolean; status: number };
let calls: { url: string; body: unknown; reply: (r: Reply | Error) => void }[] = [];
beforeEach(() => {
  calls = [];
  window.localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string, init: RequestInit) =>
        new Promise((resolve, reject) => {
          calls.push({
            url,
            body: JSON.parse(String(init.body)),
            reply: (r) => (r instanceof Error ? reject(r) : resolve({ ...r, text: async () => '{}', headers: { get: () => null } })),
          });
        }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (answering = true) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <InspectionWork inspection={inspection} form={form} formRecord={formRecord} fields={fields} answering={answering} sectionActions={false} onReload={() => {}} />
      </MantineProvider>
    </QueryClientProvider>,
  );
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
    expect(window.localStorage.getItem(queueKey('insp-1'))).toBeNull();
  });

  it('a failed save is shown on its field, kept on the device and counted in the banner', async () => {
    show();
    fireEvent.click(within(card('f1')).getByRole('button', { name: 'Non' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0].reply(new TypeError('Failed to fetch'));
    await waitFor(() => expect(card('f1').getAttribute('data-save')).toBe('failed'));
    expect(screen.getByTestId('save-banner').textContent).toBe('1 réponse attend la connexion');
    expect(JSON.parse(window.localStorage.getItem(queueKey('insp-1')) ?? '[]')).toEqual([{ fieldId: 'f1', recordId: 'r-f1', change: { value: false } }]);
  });

  it('reopened, it shows the answers the device still holds', () => {
    window.localStorage.setItem(queueKey('insp-1'), JSON.stringify([{ fieldId: 'f1', recordId: 'r-f1', change: { value: true } }]));
    show();
    expect(within(card('f1')).getByTestId('field-touched').textContent).toBe('Renseigné');
    expect(screen.getByTestId('vehicle-score').textContent).toBe('33');
  });

  it('read only when the user does not hold it: nothing to answer, no final step', () => {
    show(false);
    expect(within(card('f1')).getByRole('button', { name: 'Oui' })).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('section-tab-finish')).toBeNull();
  });
});
