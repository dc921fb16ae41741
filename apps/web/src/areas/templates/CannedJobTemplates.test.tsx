// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { mockApi, renderAt, signedIn, type Call } from '../../testing/mockApi.tsx';
import { notify } from '../../app/notify.tsx';
import { ResellerTemplates } from './ResellerTemplates.tsx';
import { CANNED_JOB_KIND } from './templatesApi.ts';

vi.mock('../../app/AppData.tsx', async () => (await import('../../testing/mockApi.tsx')).appDataMock());
vi.mock('../../app/notify.tsx', () => ({ notify: vi.fn() }));

// The reseller's canned job templates on the canned jobs page (issue 27): adopting one says which
// triggers did not carry over; a newer version keeps the garage's edits unless it takes the whole.

const JOB_TEMPLATE = { type: 'canned-job-templates', id: 'ct1', attributes: { name: 'Plaquettes avant', description: 'Au temps du réseau', version: 3 } };
const JOB = { type: 'canned-jobs', id: 'j1', attributes: { name: 'Plaquettes avant (2)' } };
const JOB_ADOPTION = {
  type: 'canned-job-template-adoptions',
  id: 'ca1',
  attributes: { version: 2, skipped_version: null },
  relationships: { cannedJobTemplate: { data: { type: 'canned-job-templates', id: 'ct1' } }, cannedJob: { data: { type: 'canned-jobs', id: 'j1' } } },
};
const JOB_OFFER = {
  from: 2,
  to: 3,
  apply: [
    { kind: 'changed', level: 'item', key: 'rodage#1', parent: null, name: 'Rodage', name_en: null, properties: ['time'] },
    { kind: 'added', level: 'trigger', key: 'f:bad', parent: null, name: 'Plaquettes : bad', name_en: 'Pads: bad', properties: [] },
  ],
  kept: [{ kind: 'changed', level: 'job', key: 'job', parent: null, name: 'Plaquettes avant', name_en: null, properties: ['notes'], reason: 'changed_here' }],
};

let calls: Call[] = [];
const posted = (action: string) => calls.find((c) => c.method === 'POST' && c.url.includes(action));
beforeAll(() => shimMantineBrowser());
beforeEach(() => {
  signedIn.permissions = new Set(['view any canned jobs', 'view canned jobs', 'create canned jobs', 'edit canned jobs']);
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.url.startsWith('/canned-job-templates')) return { body: { data: [JOB_TEMPLATE], meta: { page: { total: 1 } } } };
    if (c.method === 'GET' && c.url.startsWith('/canned-job-template-adoptions/ca1/changes')) return { body: { data: JOB_ADOPTION, meta: JOB_OFFER } };
    if (c.method === 'GET' && c.url.startsWith('/canned-job-template-adoptions')) return { body: { data: [JOB_ADOPTION], included: [JOB, JOB_TEMPLATE], meta: { page: { total: 1 } } } };
    if (c.method === 'POST' && c.url.startsWith('/canned-job-templates/ct1/adopt'))
      return { status: 201, body: { data: JOB_TEMPLATE, meta: { canned_job_id: '0195b8a0-0000-7000-8000-000000000009', adoption_id: '0195b8a0-0000-7000-8000-00000000000a', matched_parts: [], dropped_triggers: [{ field: 'k', field_name: 'Batterie', field_name_en: 'Battery', value: 'false' }] } } };
    if (c.method === 'POST' && c.url.startsWith('/canned-job-template-adoptions/ca1/accept')) return { body: { data: { ...JOB_ADOPTION, attributes: { version: 3, skipped_version: null } }, meta: JOB_OFFER } };
    return undefined;
  });
});
afterEach(() => cleanup());

describe('a reseller’s canned job templates on the canned jobs page', { timeout: 30_000 }, () => {
  it('says what a newer version changes and what the garage’s edits keep, and takes it whole when ticked (fr)', async () => {
    await i18n.changeLanguage('fr');
    renderAt('/inspecpro/canned-jobs', '/inspecpro/canned-jobs', <ResellerTemplates kind={CANNED_JOB_KIND} />);
    fireEvent.click(await screen.findByTestId('reseller-templates'));
    expect(await screen.findByText('Plaquettes avant (2)')).toBeTruthy();
    fireEvent.click(await screen.findByText('Version 3 offerte'));
    const apply = await screen.findByTestId('offer-apply');
    expect(apply.textContent).toContain('Ligne « Rodage » (temps)');
    expect(apply.textContent).toContain('Déclencheur « Plaquettes : bad »');
    expect(screen.getByTestId('offer-kept').textContent).toContain('Travail type « Plaquettes avant » (notes) : vous l’avez modifié, votre version est gardée');
    fireEvent.click(screen.getByLabelText('Prendre la version du modèle en entier'));
    fireEvent.click(screen.getByTestId('offer-accept'));
    await waitFor(() => expect(posted('/canned-job-template-adoptions/ca1/accept')).toBeTruthy());
    expect(posted('/canned-job-template-adoptions/ca1/accept')!.body).toEqual({ data: { attributes: { version: 3, replace_edits: true } } });
  });

  it('adopts a template and names the triggers that did not carry over (en)', async () => {
    await i18n.changeLanguage('en');
    renderAt('/inspecpro/canned-jobs', '/inspecpro/canned-jobs', <ResellerTemplates kind={CANNED_JOB_KIND} />);
    fireEvent.click(await screen.findByText('Reseller templates'));
    expect(await screen.findByText(/The canned jobs your reseller publishes/)).toBeTruthy();
    fireEvent.click(await screen.findByTestId('template-adopt'));
    await waitFor(() => expect(posted('/canned-job-templates/ct1/adopt')).toBeTruthy());
    await vi.waitFor(() =>
      expect(vi.mocked(notify)).toHaveBeenCalledWith(expect.objectContaining({ title: 'Triggers not carried over (none of your forms comes from their template)', message: 'Battery: false' })),
    );
    expect(vi.mocked(notify)).toHaveBeenCalledWith(expect.objectContaining({ message: 'Template “Plaquettes avant” adopted: here is your canned job.' }));
    await i18n.changeLanguage('fr');
  });
});
