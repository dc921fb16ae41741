// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../i18n/index.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { mockApi, renderAt, type Call } from '../../testing/mockApi.tsx';
import LoginPage from './LoginPage.tsx';

beforeAll(() => shimMantineBrowser());
beforeEach(() => i18n.changeLanguage('fr'));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const email = () => screen.getByLabelText(/^Courriel/) as HTMLInputElement;
const password = () => screen.getByLabelText(/^Mot de passe/) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

describe('the sign-in form (its own rules, without a form library: issue 20 point 22)', () => {
  it('checks on submit, in the language, focuses the first wrong field, then checks each field as it changes', async () => {
    const calls = mockApi(() => undefined);
    renderAt('/login', '/login', <LoginPage />);
    submit();
    expect(await screen.findAllByText('Ce champ est obligatoire')).toHaveLength(2);
    expect(document.activeElement).toBe(email());
    type(email(), 'pas-un-email');
    expect(await screen.findByText('Le champ doit contenir un email valide')).toBeTruthy();
    type(email(), 'ana@garage.test');
    await waitFor(() => expect(screen.queryByText('Le champ doit contenir un email valide')).toBeNull());
    expect(screen.getAllByText('Ce champ est obligatoire')).toHaveLength(1);
    expect(calls).toEqual([]);
  });

  it('sends the trimmed address, places the server’s field error under its field, signs in to the redirect target', async () => {
    let calls: Call[] = mockApi((c) => (c.url === '/login' ? { status: 422, body: { errors: [{ detail: 'Adresse inconnue', source: { pointer: '/data/attributes/email' } }] } } : undefined));
    renderAt('/login?redirect=%2Fadmin%2Fusers', '/login', <LoginPage />);
    type(email(), ' ana@garage.test ');
    type(password(), 'Secret-2026');
    submit();
    expect(await screen.findByText('Adresse inconnue')).toBeTruthy();
    expect(calls[0].body).toEqual({ email: 'ana@garage.test', password: 'Secret-2026' });

    calls = mockApi((c) => (c.url === '/login' ? { type: 'application/json', body: { access_token: 'tok' } } : undefined));
    submit();
    await screen.findByTestId('navigated');
    expect(localStorage.getItem('ACCESS_TOKEN')).toBe('tok');
    expect(calls).toHaveLength(1);
  });
});
