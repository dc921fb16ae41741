// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import i18n from '../../i18n/index.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { AnswerField } from './AnswerField.tsx';
import { UNTOUCHED, type Answer, type FormField } from './model.ts';

beforeAll(async () => {
  shimMantineBrowser();
  await i18n.changeLanguage('fr');
});
afterEach(cleanup);

const field = (over: Partial<FormField>): FormField =>
  ({ id: 'f1', name: 'Essuie-glaces', field_type: 'CHECK', points_threshold: [], order_number: 0, icon: null, coefficient: 1, can_upload_image: false, can_add_comment: false, enable_na: false, conditions: [], condition_relation: 'and', ...over }) as FormField;

const show = (f: FormField, answer: Answer = UNTOUCHED) =>
  render(
    <MantineProvider>
      <AnswerField field={f} answer={answer} score={{ points: 4, max_points: 4, score: 100, visible: true }} onAnswer={vi.fn()} onComment={vi.fn()} />
    </MantineProvider>,
  );

describe('AnswerField (issue 20, point 23)', () => {
  it('shows no score for a yes/no not yet answered, only what it is worth; its score once answered', () => {
    const yesNo = field({ points_threshold: [{ option: 'yes', points: 4 }, { option: 'no', points: 0 }] as FormField['points_threshold'] });
    show(yesNo);
    expect(screen.getByTestId('field-score').textContent).toBe('— / 4 pts');
    cleanup();
    show(yesNo, { ...UNTOUCHED, value: true, touched: true });
    expect(screen.getByTestId('field-score').textContent).toMatch(/^4 \/ 4 pts · 100\s%$/);
  });

  it('offers the default action of a finding the form marks, on the inspection screen and in the preview (issue 20 point 4)', () => {
    const leak = (failing: boolean | null) => field({ name: 'Fuite visible ?', points_threshold: [{ option: 'yes', points: 4, label: 'Oui', failing }] });
    const answered = { ...UNTOUCHED, value: true, touched: true };
    // 4 of 4 points: no finding by the points; marked failing, it asks for a closer look.
    show(leak(null), answered);
    expect(screen.getByLabelText('Action (Fuite visible ?)').getAttribute('placeholder')).toBe('Aucune action');
    cleanup();
    show(leak(true), answered);
    expect(screen.getByLabelText('Action (Fuite visible ?)').getAttribute('placeholder')).toBe('Vérifier (par défaut)');
  });

  it('offers one "Sans objet" on a state widget with N/A, not two', () => {
    const widget = field({
      field_type: 'STATE_WIDGET',
      enable_na: true,
      points_threshold: ['good', 'to_replace', 'bad', 'not_applicable'].map((option) => ({ option, points: 1 })) as FormField['points_threshold'],
    });
    show(widget);
    expect(screen.getAllByRole('button', { name: 'Sans objet' })).toHaveLength(1);
    expect(screen.queryByRole('radio', { name: 'Sans objet' })).toBeNull();
  });
});
