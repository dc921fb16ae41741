// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { mockApi, renderAt, signedIn, type Call } from '../../testing/mockApi.tsx';
import { SettingsModulePage } from '../settings/SettingsModulePage.tsx';

vi.mock('../../app/AppData.tsx', async () => (await import('../../testing/mockApi.tsx')).appDataMock());

// The follow-ups' schedule on the estimations settings (issue 26): on/off, the days, the channel,
// saved as the options' values (a list of days, a boolean), in French and English.

const option = (id: string, name: string, value: unknown) => ({ type: 'options', id, attributes: { name, value } });
const OPTIONS = [
  option('o1', 'estimations.default_hourly_rate', 12_000),
  option('o2', 'estimations.follow_ups_enabled', false),
  option('o3', 'estimations.follow_up_days', [30, 90]),
  option('o4', 'estimations.follow_up_channel', 'sms_first'),
];

let calls: Call[] = [];
beforeAll(() => shimMantineBrowser());
beforeEach(async () => {
  await i18n.changeLanguage('fr');
  signedIn.permissions = new Set(['edit options', 'view any options']);
  calls = mockApi((c) => {
    if (c.method === 'GET' && c.url.startsWith('/options')) return { body: { data: OPTIONS, meta: { page: { total: OPTIONS.length } } } };
    if (c.method === 'PATCH') {
      const id = c.url.split('/').pop()!.split('?')[0];
      const o = OPTIONS.find((x) => x.id === id)!;
      return { body: { data: { ...o, attributes: { ...o.attributes, value: (c.body as { data: { attributes: { value: unknown } } }).data.attributes.value } } } };
    }
    return undefined;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const page = () => renderAt('/settings/estimations', '/settings/estimations', <SettingsModulePage module="estimations" />);

describe('the follow-ups’ settings', { timeout: 30_000 }, () => {
  it('turns follow-ups on and sets their days, saved as a boolean and a list (fr)', async () => {
    page();
    const toggle = (await screen.findByRole('switch', { name: /^Relances des travaux refusés/ })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    const days = screen.getByTestId('option-estimations.follow_up_days') as HTMLInputElement;
    expect(days.value).toBe('30, 90');
    expect(screen.getByText('Jours des relances')).toBeTruthy();
    expect((screen.getByTestId('option-estimations.follow_up_channel') as HTMLInputElement).value).toBe('Texto, sinon courriel');
    fireEvent.click(toggle);
    fireEvent.change(days, { target: { value: '14, 30, 90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    const sent = Object.fromEntries(calls.filter((c) => c.method === 'PATCH').map((c) => [c.url.split('/').pop(), (c.body as { data: { attributes: { value: unknown } } }).data.attributes.value]));
    expect(sent).toEqual({ o2: true, o3: [14, 30, 90] });
  });

  it('refuses days out of order before sending, in English', async () => {
    await i18n.changeLanguage('en');
    page();
    await screen.findByRole('switch', { name: /^Follow-ups of declined work/ });
    const days = screen.getByTestId('option-estimations.follow_up_days') as HTMLInputElement;
    expect(screen.getByText('Follow-up days')).toBeTruthy();
    expect((screen.getByTestId('option-estimations.follow_up_channel') as HTMLInputElement).value).toBe('Text, else e-mail');
    fireEvent.change(days, { target: { value: '90, 30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give increasing numbers of days, separated by commas (for example 30, 90).')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});
