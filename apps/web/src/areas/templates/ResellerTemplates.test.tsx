// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { mockApi, renderAt, signedIn, type Call } from '../../testing/mockApi.tsx';
import { ResellerTemplates, offered } from './ResellerTemplates.tsx';

vi.mock('../../app/AppData.tsx', async () => (await import('../../testing/mockApi.tsx')).appDataMock());

const TEMPLATE = { type: 'form-templates', id: 't1', attributes: { name: 'Inspection du réseau', description: 'Commun', version: 2 } };
const FORM = { type: 'inspection-forms', id: 'f1', attributes: { name: 'Inspection du réseau (v1)' } };
const ADOPTION = {
  type: 'form-template-adoptions',
  id: 'a1',
  attributes: { version: 1, skipped_version: null },
  relationships: { formTemplate: { data: { type: 'form-templates', id: 't1' } }, inspectionForm: { data: { type: 'inspection-forms', id: 'f1' } } },
};
const OFFER = {
  from: 1,
  to: 2,
  apply: [
    { kind: 'changed', level: 'field', key: 'k1', parent: 'p', name: 'Disques', name_en: 'Rotors', properties: ['coefficient'] },
    { kind: 'added', level: 'field', key: 'k2', parent: 'p', name: 'Étriers', name_en: 'Calipers', properties: [] },
  ],
  kept: [{ kind: 'changed', level: 'field', key: 'k3', parent: 'p', name: 'Plaquettes', name_en: 'Pads', properties: ['coefficient'], reason: 'changed_here' }],
};

let calls: Call[] = [];
beforeAll(() => shimMantineBrowser());
beforeEach(() => {
  signedIn.permissions = new Set(['view any inspection forms', 'view inspection forms', 'create inspection forms', 'edit inspection forms']);
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.url.startsWith('/form-templates')) return { body: { data: [TEMPLATE], meta: { page: { total: 1 } } } };
    if (c.method === 'GET' && c.url.startsWith('/form-template-adoptions/a1/changes')) return { body: { data: { ...ADOPTION }, meta: OFFER } };
    if (c.method === 'GET' && c.url.startsWith('/form-template-adoptions')) return { body: { data: [ADOPTION], included: [FORM, TEMPLATE], meta: { page: { total: 1 } } } };
    if (c.method === 'POST' && c.url.startsWith('/form-template-adoptions/a1/accept')) return { body: { data: { ...ADOPTION, attributes: { version: 2, skipped_version: null } }, meta: OFFER } };
    return undefined;
  });
});
afterEach(() => cleanup());

describe('a reseller’s templates on the inspection forms page', { timeout: 30_000 }, () => {
  it('offers a newer version unless passed on, and a passed-on one again when a newer comes', () => {
    expect(offered({ version: 2 }, { version: 1, skipped_version: null })).toBe(true);
    expect(offered({ version: 2 }, { version: 1, skipped_version: 2 })).toBe(false);
    expect(offered({ version: 3 }, { version: 1, skipped_version: 2 })).toBe(true);
    expect(offered({ version: 2 }, { version: 2, skipped_version: null })).toBe(false);
  });

  it('shows what a newer version changes and what the organization’s edits keep, then takes the version read (fr)', async () => {
    await i18n.changeLanguage('fr');
    renderAt('/inspecpro/inspection-forms', '/inspecpro/inspection-forms', <ResellerTemplates />);
    fireEvent.click(await screen.findByTestId('reseller-templates'));
    const card = await screen.findByTestId('reseller-template');
    expect(within(card).getByText('Inspection du réseau')).toBeTruthy();
    fireEvent.click(await within(card).findByTestId('template-offer'));
    const apply = await screen.findByTestId('offer-apply');
    expect(apply.textContent).toContain('Champ « Disques » (coefficient)');
    expect(apply.textContent).toContain('Ajouté');
    expect(screen.getByTestId('offer-kept').textContent).toContain('vous l’avez modifié, votre version est gardée');
    fireEvent.click(screen.getByTestId('offer-accept'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.startsWith('/form-template-adoptions/a1/accept'))).toBe(true));
    const accept = calls.find((c) => c.method === 'POST' && c.url.startsWith('/form-template-adoptions/a1/accept'))!;
    expect(accept.body).toEqual({ data: { attributes: { version: 2 } } });
  });

  it('speaks English, the parts named in English', async () => {
    await i18n.changeLanguage('en');
    renderAt('/inspecpro/inspection-forms', '/inspecpro/inspection-forms', <ResellerTemplates />);
    fireEvent.click(await screen.findByText('Reseller templates'));
    fireEvent.click(await screen.findByText('Version 2 offered'));
    const apply = await screen.findByTestId('offer-apply');
    expect(apply.textContent).toContain('Field “Rotors” (coefficient)');
    expect(screen.getByTestId('offer-kept').textContent).toContain('you changed it, your version is kept');
    await i18n.changeLanguage('fr');
  });

  it('shows nothing when the reseller publishes no template', async () => {
    mockApi((c) => (c.method === 'GET' ? { body: { data: [], meta: { page: { total: 0 } } } } : undefined));
    renderAt('/inspecpro/inspection-forms', '/inspecpro/inspection-forms', <ResellerTemplates />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('reseller-templates')).toBeNull();
  });
});
