// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { screenTests } from '../../testing/jsdom.ts';
import { mockApi, renderAt, signedIn, type Call } from '../../testing/mockApi.tsx';
import { VehicleDeferredWork } from '../estimations/DeferredWork.tsx';
import { VehicleFollowUps } from './VehicleFollowUps.tsx';

vi.mock('../../app/AppData.tsx', async () => (await import('../../testing/mockApi.tsx')).appDataMock());

const text = (el: Element) => (el.textContent ?? '').replace(/\s/g, ' ');
const WORK = { type: 'deferred-work', id: 'd1', attributes: { detail: 'Pneus d’hiver', condition: 'to_replace', state: 'open', total: 84_900, declined_at: '2026-01-10T15:00:00Z', note: null } };
const followUp = (id: string, step: number, attributes: Record<string, unknown>) => ({
  type: 'follow-ups',
  id,
  attributes: { step, reason: null, channel: null, contact: null, error: null, done_at: null, ...attributes },
  relationships: { deferredWork: { data: { type: 'deferred-work', id: 'd1' } } },
});
const ROWS = [
  followUp('f1', 1, { status: 'sent', channel: 'sms', contact: '+15145550142', due_at: '2026-02-09T15:00:00Z', done_at: '2026-02-09T16:00:00Z' }),
  followUp('f2', 2, { status: 'scheduled', due_at: '2026-04-10T15:00:00Z' }),
];

let calls: Call[] = [];
let rows = ROWS;
screenTests();
beforeEach(async () => {
  await i18n.changeLanguage('fr');
  signedIn.permissions = new Set(['view any estimations']);
  rows = ROWS;
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.url.startsWith('/follow-ups')) return { body: { data: rows, included: [WORK], meta: { page: { total: rows.length } } } };
    if (c.method === 'GET' && c.url.startsWith('/deferred-work')) return { body: { data: [WORK], meta: { page: { total: 1 } } } };
    return undefined;
  });
});

const vehicle = () =>
  renderAt(
    '/vehicles/vehicles',
    '/vehicles/vehicles',
    <>
      <VehicleDeferredWork vehicleId="v1" />
      <VehicleFollowUps vehicleId="v1" />
    </>,
  );

describe('« Relances » on the vehicle', { timeout: 30_000 }, () => {
  it('lists each follow-up of its declined work: sent (how, when, to whom), then planned (fr)', async () => {
    vehicle();
    const section = await screen.findByTestId('vehicle-follow-ups');
    expect(within(section).getByText('Relances')).toBeTruthy();
    const items = within(section).getAllByTestId('follow-up');
    expect(items.map((i) => i.getAttribute('data-status'))).toEqual(['sent', 'scheduled']);
    expect(text(items[0])).toContain('Pneus d’hiver');
    expect(text(items[0])).toContain('Relance 1');
    expect(text(items[0])).toContain('Envoyée par texto le');
    expect(text(items[0])).toContain('+15145550142');
    expect(text(items[1])).toContain('Relance 2');
    expect(text(items[1])).toContain('Prévue le');
    expect(text(items[1])).toContain('Prévue');
    // The same follow-ups under the deferred work, from the same read.
    const under = await screen.findAllByTestId('deferred-work-follow-up');
    expect(under.map((u) => u.getAttribute('data-status'))).toEqual(['sent', 'scheduled']);
    expect(calls.filter((c) => c.url.startsWith('/follow-ups'))).toHaveLength(1);
    expect(calls.find((c) => c.url.startsWith('/follow-ups'))!.url).toContain('filter[vehicle]=v1');
  });

  it('says why a follow-up was not sent, in English', async () => {
    await i18n.changeLanguage('en');
    rows = [followUp('f1', 1, { status: 'skipped', reason: 'no_consent', due_at: '2026-02-09T15:00:00Z', done_at: '2026-02-09T16:00:00Z' }), followUp('f2', 2, { status: 'stopped', reason: 'replied', due_at: '2026-04-10T15:00:00Z', done_at: '2026-04-10T16:00:00Z' })];
    vehicle();
    const section = await screen.findByTestId('vehicle-follow-ups');
    expect(within(section).getByText('Follow-ups')).toBeTruthy();
    const items = within(section).getAllByTestId('follow-up');
    expect(text(items[0])).toContain('Follow-up 1');
    expect(text(items[0])).toContain('Not sent · no consent');
    expect(text(items[1])).toContain('Stopped · the customer replied');
  });

  it('is not shown without follow-ups, nor asked for by a user who does not read estimates', async () => {
    rows = [];
    vehicle();
    await screen.findAllByTestId('deferred-work');
    expect(screen.queryByTestId('vehicle-follow-ups')).toBeNull();
    cleanup();
    signedIn.permissions = new Set();
    calls.length = 0;
    vehicle();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('vehicle-follow-ups')).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/follow-ups'))).toBe(false);
  });
});
