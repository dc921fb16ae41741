// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { screenTests } from '../../testing/jsdom.ts';
import { mockApi, renderAt, type Call } from '../../testing/mockApi.tsx';
import ReminderPage, { type ReminderView } from './ReminderPage.tsx';

// The customer's page of a follow-up (issue 26): the work recommended in the customer's language,
// "book a visit" and "no more reminders" answered by the server; an unknown link says so.

const JSON_TYPE = 'application/json';
let view: ReminderView;
let calls: Call[] = [];
const reminder = (over: Partial<ReminderView> = {}): ReminderView => ({
  locale: 'fr',
  organization: 'Garage Démo',
  organization_phone: '514 555-0100',
  customer: 'Éric Tremblay',
  vehicle: 'Honda Civic 2019',
  work: 'Pneus d’hiver',
  declined_at: '2026-01-10T15:00:00Z',
  booked: false,
  booking_code: null,
  stopped: false,
  ...over,
});

screenTests();
beforeEach(async () => {
  await i18n.changeLanguage('fr');
  view = reminder();
  calls = mockApi((c) => {
    if (c.url === '/public/reminders/tok' && c.method === 'GET') return { type: JSON_TYPE, body: view };
    if (c.url === '/public/reminders/tok/book') return { status: 201, type: JSON_TYPE, body: { ...view, booked: true, booking_code: 'D-2026-0042' } };
    if (c.url === '/public/reminders/tok/stop') return { status: 200, type: JSON_TYPE, body: { ...view, stopped: true } };
    if (c.url.startsWith('/public/reminders/')) return { status: 404, type: 'application/vnd.api+json', body: { errors: [{ status: '404', code: 'follow_up.not_found', title: 'Not found', detail: 'Ce lien de rappel n’existe pas.' }] } };
    return undefined;
  });
});

const show = (path = '/reminders/tok') => renderAt(path, '/reminders/:token', <ReminderPage />);

describe('the customer’s page of a follow-up', { timeout: 30_000 }, () => {
  it('shows the work and books a visit (fr)', async () => {
    show();
    expect((await screen.findByTestId('reminder-work')).textContent).toBe('Pneus d’hiver');
    expect(screen.getByText('Travaux recommandés pour votre véhicule')).toBeTruthy();
    fireEvent.click(screen.getByTestId('reminder-book'));
    expect((await screen.findByTestId('reminder-booked')).textContent).toContain('D-2026-0042');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/public/reminders/tok/book')).toBe(true);
    expect(screen.queryByTestId('reminder-book')).toBeNull();
  });

  it('stops the reminders, in the customer’s language (en)', async () => {
    view = reminder({ locale: 'en' });
    show();
    await screen.findByTestId('reminder-work');
    await waitFor(() => expect(screen.getByText('Work recommended for your vehicle')).toBeTruthy());
    fireEvent.click(screen.getByTestId('reminder-stop'));
    expect((await screen.findByTestId('reminder-stopped')).textContent).toBe('You will receive no more reminders from us.');
  });

  it('offers the unsubscribe first when opened from the e-mail’s link (?stop=1)', async () => {
    show('/reminders/tok?stop=1');
    const stop = await screen.findByTestId('reminder-stop');
    expect(stop.getAttribute('data-variant')).toBe('filled');
    fireEvent.click(stop);
    expect(await screen.findByTestId('reminder-stopped')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/public/reminders/tok/stop')).toBe(true);
  });

  it('says when the link does not exist', async () => {
    show('/reminders/nope');
    expect(await screen.findByTestId('shared-not_found')).toBeTruthy();
  });
});
