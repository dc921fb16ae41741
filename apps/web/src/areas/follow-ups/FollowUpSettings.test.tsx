// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { estimationsSettings, option, patchedValues, withOptions } from '../settings/optionsMock.tsx';

vi.mock('../../app/AppData.tsx', async () => (await import('../../testing/mockApi.tsx')).appDataMock());

// The follow-ups' schedule on the estimations settings (issue 26): on/off, the days, the channel,
// saved as the options' values (a list of days, a boolean), in French and English.

const OPTIONS = [
  option('o1', 'estimations.default_hourly_rate', 12_000),
  option('o2', 'estimations.follow_ups_enabled', false),
  option('o3', 'estimations.follow_up_days', [30, 90]),
  option('o4', 'estimations.follow_up_channel', 'sms_first'),
];

const mocked = withOptions(OPTIONS);
const page = estimationsSettings;

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
    await waitFor(() => expect(mocked.calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(patchedValues(mocked.calls)).toEqual({ o2: true, o3: [14, 30, 90] });
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
    expect(mocked.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});
