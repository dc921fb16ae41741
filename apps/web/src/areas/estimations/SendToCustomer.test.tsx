// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { screenTests } from '../../testing/jsdom.ts';
import { mockApi, renderAt, type Call } from '../../testing/mockApi.tsx';
import { SendToCustomer } from './SendToCustomer.tsx';

// Sending an estimate to the customer: the link is e-mailed by default when the customer has an
// address, or only made, to be handed over another way (a text message, at the counter).

let calls: Call[];
let emailed: string | null;

const estimate = (email: string | null) => ({ id: 'e1', code: 'E-2026-000001', customer: { email, locale: 'en' as const } });
const show = (email: string | null) => renderAt('/estimates/e1', '/estimates/:id', <SendToCustomer estimation={estimate(email)} onSent={() => undefined} />);
const posted = () => calls.find((c) => c.method === 'POST' && c.url === '/estimations/e1/send-client-approve')?.body;
const box = () => screen.getByTestId('send-client-by-email') as HTMLInputElement;

screenTests();
beforeEach(async () => {
  await i18n.changeLanguage('fr');
  emailed = null;
  calls = mockApi((c) =>
    c.method === 'POST' && c.url === '/estimations/e1/send-client-approve'
      ? { body: { data: { type: 'estimations', id: 'e1', attributes: {} }, meta: { approval: { url: 'https://atelier.test/approve/estimates/tok', email: emailed, locale: 'en', expires_at: '2026-12-10T15:00:00Z' } } } }
      : undefined,
  );
});

describe('sending an estimate to the customer', { timeout: 30_000 }, () => {
  it('e-mails the link by default when the customer has an address', async () => {
    emailed = 'mary@example.com';
    show('mary@example.com');
    fireEvent.click(screen.getByTestId('send-client'));
    expect((await screen.findByLabelText('Envoyer le lien par courriel au client')).getAttribute('data-testid')).toBe('send-client-by-email');
    expect(box().checked).toBe(true);
    expect((screen.getByTestId('send-client-email') as HTMLInputElement).value).toBe('mary@example.com');
    fireEvent.click(screen.getByTestId('send-client-confirm'));
    expect((await screen.findByTestId('send-client-where')).textContent).toBe('Lien envoyé à mary@example.com (Anglais).');
    expect(posted()).toEqual({ data: { type: 'estimations', id: 'e1', attributes: { email: 'mary@example.com', locale: 'en', expires_in_days: 14 } } });
  });

  it('only makes the link, to copy, when the advisor unchecks the e-mail', async () => {
    await i18n.changeLanguage('en');
    show('mary@example.com');
    fireEvent.click(screen.getByTestId('send-client'));
    fireEvent.click(await screen.findByLabelText('E-mail the link to the customer'));
    expect(box().checked).toBe(false);
    // No address to fill in: nothing is e-mailed.
    expect(screen.queryByTestId('send-client-email')).toBeNull();
    fireEvent.click(screen.getByTestId('send-client-confirm'));
    expect(((await screen.findByTestId('send-client-url')) as HTMLInputElement).value).toBe('https://atelier.test/approve/estimates/tok');
    expect(screen.getByTestId('send-client-where').textContent).toBe('Not e-mailed: give this link to the customer (text message, at the counter, print-out).');
    expect(screen.getByTestId('send-client-copy').textContent).toBe('Copy');
    expect(posted()).toEqual({ data: { type: 'estimations', id: 'e1', attributes: { send_email: false, locale: 'en', expires_in_days: 14 } } });
  });

  it('does not offer the e-mail by default when the customer has no address, and asks for one when it is chosen', async () => {
    show(null);
    fireEvent.click(screen.getByTestId('send-client'));
    expect((await screen.findByTestId('send-client-by-email') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box());
    expect(await screen.findByText('Saisissez l\'adresse où envoyer le lien : le client n\'en a pas.')).toBeTruthy();
    expect((screen.getByTestId('send-client-confirm') as HTMLButtonElement).disabled).toBe(true);
    emailed = 'mary@example.com';
    fireEvent.change(screen.getByTestId('send-client-email'), { target: { value: 'mary@example.com' } });
    fireEvent.click(screen.getByTestId('send-client-confirm'));
    expect((await screen.findByTestId('send-client-where')).textContent).toBe('Lien envoyé à mary@example.com (Anglais).');
    expect(posted()).toEqual({ data: { type: 'estimations', id: 'e1', attributes: { email: 'mary@example.com', locale: 'en', expires_in_days: 14 } } });
  });
});
