// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { screenTests } from '../../testing/jsdom.ts';
import { mockApi, renderAt, signedIn, type Call } from '../../testing/mockApi.tsx';
import { InspectionDetails } from './InspectionDetails.tsx';

vi.mock('../../app/AppData.tsx', async () => (await import('../../testing/mockApi.tsx')).appDataMock());

const doc = (state: string) => ({
  data: {
    type: 'inspections',
    id: 'i1',
    attributes: { state, odometer: 84250, tire_type: 'off_road', tire_season: 'four_seasons', battery_charge: 80, battery_amps: 650, battery_volts: '12.6', points: '5', max_points: '10' },
    relationships: { approver: { data: { type: 'users', id: 'u-ann' } } },
  },
  included: [{ type: 'users', id: 'u-ann', attributes: { firstname: 'Annie', lastname: 'Approbatrice' } }],
});

let state = 'in_progress';
let calls: Call[] = [];
screenTests();
beforeEach(async () => {
  await i18n.changeLanguage('fr');
  state = 'in_progress';
  signedIn.permissions = new Set(['view inspections', 'edit inspections', 'assign inspections']);
  calls = mockApi((c) => {
    if (c.url.startsWith('/inspections/i1')) return { body: doc(state) };
    return undefined;
  });
});

const show = () => renderAt('/x', '/x', <InspectionDetails inspection={{ id: 'i1', state: state as never }} />);
const view = (name: string) => document.querySelector(`[data-field-view="${name}"]`)?.textContent;

describe('the inspection’s readings, approver and points', { timeout: 30_000 }, () => {
  it('shows them with the enumerations’ French labels', async () => {
    show();
    await waitFor(() => expect(view('tire_type')).toBe('Tout-terrain'));
    expect(view('tire_season')).toBe('Quatre saisons');
    expect(view('approver')).toContain('Annie Approbatrice');
    expect(view('points')).toBe('5 sur 10');
    expect(view('battery_volts')).toContain('12,6');
    expect(screen.getByText('Type de pneus')).toBeTruthy();
    expect(screen.getByText('À valider par')).toBeTruthy();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    show();
    await waitFor(() => expect(view('tire_type')).toBe('Off-road'));
    expect(view('tire_season')).toBe('Four seasons');
    expect(view('points')).toBe('5 of 10');
    expect(screen.getByText('Tire season')).toBeTruthy();
    expect(screen.getByText('Approver')).toBeTruthy();
  });

  it('edits them while the inspection may be edited, sending the codes', async () => {
    show();
    fireEvent.click(await screen.findByTestId('record-edit'));
    const odometer = (await screen.findByLabelText('Odomètre')) as HTMLInputElement;
    fireEvent.change(odometer, { target: { value: '90000' } });
    fireEvent.click(screen.getAllByLabelText('Saison des pneus')[0]);
    fireEvent.click(await screen.findByRole('option', { name: 'Hiver', hidden: true }));
    expect(((await screen.findAllByLabelText('À valider par')).find((e) => e instanceof HTMLInputElement) as HTMLInputElement).disabled).toBe(false);
    // The points are the scoring's: shown, never edited.
    expect(screen.queryByLabelText('Points')).toBeNull();
    fireEvent.click(screen.getByTestId('record-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const sent = calls.find((c) => c.method === 'PATCH')!.body as { data: { attributes: Record<string, unknown> } };
    expect(sent.data.attributes).toMatchObject({ odometer: 90000, tire_season: 'winter' });
    expect(sent.data.attributes).not.toHaveProperty('points');
  });

  it('names the approver only with the permission to assign', async () => {
    signedIn.permissions = new Set(['view inspections', 'edit inspections']);
    show();
    fireEvent.click(await screen.findByTestId('record-edit'));
    const approver = (await screen.findAllByLabelText('À valider par')).find((e) => e instanceof HTMLInputElement) as HTMLInputElement;
    expect(approver.disabled).toBe(true);
    expect((screen.getByLabelText('Odomètre') as HTMLInputElement).disabled).toBe(false);
  });

  it('is read only once the inspection is completed', async () => {
    state = 'completed';
    show();
    await waitFor(() => expect(view('tire_type')).toBe('Tout-terrain'));
    expect(within(document.body).queryByTestId('record-edit')).toBeNull();
  });
});
