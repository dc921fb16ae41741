// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import i18n from '../../i18n/index.ts';
import { formOfRecord } from './adapter.ts';
import { FormDemo } from './FormDemoPage.tsx';
import { testFormRecord } from './testForm.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';

const form = formOfRecord(testFormRecord());

beforeAll(async () => {
  shimMantineBrowser();
  await i18n.changeLanguage('fr');
});
afterEach(cleanup);

const show = () =>
  render(
    <MantineProvider>
      <FormDemo form={form} />
    </MantineProvider>,
  );
const card = (id: string) => screen.getByTestId(`field-${id}`);
const vehicleScore = () => screen.getByTestId('vehicle-score').textContent;

// Mantine renders slowly in jsdom on a busy machine: a whole form takes seconds.
describe('FormDemo', { timeout: 30_000 }, () => {
  it('says nothing is saved and starts at 0 with the lowest verdict', () => {
    show();
    expect(screen.getByTestId('demo-banner').textContent).toContain("Aperçu : rien n'est enregistré");
    expect(vehicleScore()).toBe('0');
    expect(screen.getByTestId('verdict').textContent).toBe('À revoir');
    expect(screen.getByTestId('progress').textContent).toBe('0 / 8 champs renseignés');
  });

  it('an answer updates the field, its sub-section and the vehicle score; "no" shows the conditional field', () => {
    show();
    expect(screen.queryByTestId('field-f3')).toBeNull();
    fireEvent.click(within(card('f1')).getByRole('button', { name: 'Oui' }));
    expect(within(card('f1')).getByTestId('field-score').textContent).toBe('10 / 10 pts · 100 %');
    expect(within(card('f1')).getByTestId('field-touched').textContent).toBe('Renseigné');
    expect(within(screen.getByTestId('sub-section-A1')).getByTestId('sub-section-score').textContent).toContain('50 %');
    expect(vehicleScore()).toBe('33');
    fireEvent.click(within(card('f1')).getByRole('button', { name: 'Non' }));
    expect(within(card('f3')).getByText('Fissure réparable')).toBeTruthy();
    expect(screen.getByTestId('progress').textContent).toBe('1 / 9 champs renseignés');
  });

  it('the first tire copies its state to the other, which says so; reset clears everything', () => {
    show();
    fireEvent.click(screen.getByTestId('section-tab-B'));
    fireEvent.click(within(card('t1')).getByRole('radio', { name: 'À remplacer' }));
    expect(within(card('t2')).getByRole('radio', { name: 'À remplacer' }).getAttribute('aria-checked')).toBe('true');
    expect(within(card('t2')).getByTestId('field-copied').textContent).toBe('Recopié de « Avant gauche »');
    expect(within(screen.getByTestId('sub-section-B1')).getByTestId('sub-section-score').textContent).toContain('Complète');
    fireEvent.click(screen.getByTestId('demo-reset'));
    expect(within(card('t2')).getByRole('radio', { name: 'À remplacer' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('progress').textContent).toBe('0 / 8 champs renseignés');
  });

  it('a number shows the range it falls into; the sample vehicle applies the points multiplier', () => {
    show();
    fireEvent.click(within(card('f1')).getByRole('button', { name: 'Oui' }));
    fireEvent.click(within(card('f2')).getByRole('radio', { name: 'Bonne' }));
    fireEvent.click(screen.getByTestId('section-tab-B'));
    fireEvent.click(within(card('t1')).getByRole('radio', { name: 'Bon' }));
    expect(vehicleScore()).toBe('83');
    expect(screen.getByTestId('verdict').textContent).toBe('Excellent état');
    fireEvent.click(within(card('n1')).getByRole('button', { name: 'Augmenter (Tension de la batterie)' }));
    expect(within(card('n1')).getByTestId('range-hint').textContent).toBe('Plage 0-11.9 : 0 pts');
    // French decimals: a comma.
    fireEvent.change(within(card('n1')).getByLabelText('Tension de la batterie'), { target: { value: '12,5' } });
    expect(within(card('n1')).getByTestId('range-hint').textContent).toBe('Plage 12.5-15 : 10 pts');
    expect(vehicleScore()).toBe('91');
    // A Ford: the form's points multiplier (× 0.5) applies.
    fireEvent.change(screen.getByLabelText('Marque'), { target: { value: 'Ford' } });
    expect(vehicleScore()).toBe('46');
    expect(screen.getByTestId('verdict').textContent).toBe('À revoir');
  });
});
