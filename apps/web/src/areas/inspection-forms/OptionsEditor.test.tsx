// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import i18n from '../../i18n/index.ts';
import { shimMantineBrowser } from '../../testing/jsdom.ts';
import { OptionsEditor } from './OptionsEditor.tsx';
import { toModel, toThreshold, type OptionsModel, type PointsOption } from './options.ts';

beforeAll(() => shimMantineBrowser());
afterEach(cleanup);

/** The editor of a field's options, its model kept as the field panel keeps it; `saved` gets what would be stored. */
function Editor({ fieldType, options, saved, readOnly = false }: { fieldType: string; options: PointsOption[]; saved: (t: PointsOption[]) => void; readOnly?: boolean }) {
  const [model, setModel] = useState<OptionsModel>(() => toModel(fieldType, options));
  return (
    <MantineProvider>
      <OptionsEditor
        fieldType={fieldType}
        model={model}
        onChange={(m) => {
          setModel(m);
          saved(toThreshold(m));
        }}
        serverErrors={{}}
        readOnly={readOnly}
      />
    </MantineProvider>
  );
}

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const shown = (s: HTMLSelectElement) => s.options[s.selectedIndex].text;

describe('the finding mark of each option (issue 20 point 4)', () => {
  it('offers one control per choice, saying what the default rule gives it, and marks it always or never', async () => {
    await i18n.changeLanguage('fr');
    const saved = vi.fn();
    render(<Editor fieldType="SELECT_SINGLE" options={[{ option: 'Impeccable', points: 4 }, { option: 'Rayure légère', points: 1 }]} saved={saved} />);
    expect(shown(select('Constat (ligne 1)'))).toBe('Par défaut : pas un constat');
    // 1 of 4 points: a finding by default; the designer says a light scratch never is.
    expect(shown(select('Constat (ligne 2)'))).toBe('Par défaut : constat');
    fireEvent.change(select('Constat (ligne 2)'), { target: { value: 'false' } });
    expect(saved).toHaveBeenLastCalledWith([{ option: 'Impeccable', points: 4 }, { option: 'Rayure légère', points: 1, failing: false }]);
    expect(shown(select('Constat (ligne 2)'))).toBe('Jamais un constat');
    fireEvent.change(select('Constat (ligne 1)'), { target: { value: 'true' } });
    fireEvent.change(select('Constat (ligne 2)'), { target: { value: 'default' } });
    expect(saved).toHaveBeenLastCalledWith([{ option: 'Impeccable', points: 4, failing: true }, { option: 'Rayure légère', points: 1 }]);
    expect(screen.getByTestId('option-mark-help').textContent).toMatch(/^Un constat figure aux travaux recommandés/);
  });

  it('marks "Oui" to a leak a finding though it is worth 3 of 4 points, in English too', async () => {
    await i18n.changeLanguage('en');
    const saved = vi.fn();
    render(<Editor fieldType="CHECK" options={[{ option: 'yes', points: 3 }, { option: 'no', points: 4 }]} saved={saved} />);
    expect(shown(select('Finding (Yes)'))).toBe('Default: not a finding');
    fireEvent.change(select('Finding (Yes)'), { target: { value: 'true' } });
    expect(saved).toHaveBeenLastCalledWith([{ option: 'yes', points: 3, failing: true }, { option: 'no', points: 4 }]);
    expect(select('Finding (No)')).toBeTruthy();
  });

  it('marks each state of a widget, and only shows the marks of a form that cannot be edited', async () => {
    await i18n.changeLanguage('fr');
    const saved = vi.fn();
    render(<Editor fieldType="PAD_THICKNESS_WIDGET" options={[]} saved={saved} />);
    expect(['Bon', 'À remplacer', 'Mauvais', 'Non applicable'].map((s) => shown(select(`Constat (${s})`)))).toEqual([
      'Par défaut : pas un constat',
      'Par défaut : constat',
      'Par défaut : constat',
      'Par défaut : pas un constat',
    ]);
    fireEvent.change(select('Constat (À remplacer)'), { target: { value: 'false' } });
    expect(saved.mock.lastCall![0][1]).toEqual({ option: 'to_replace', points: 0, failing: false });
    cleanup();
    render(<Editor fieldType="PAD_THICKNESS_WIDGET" options={[{ option: 'bad', points: 2, failing: true }]} saved={saved} readOnly />);
    expect(select('Constat (Mauvais)').disabled).toBe(true);
    expect(shown(select('Constat (Mauvais)'))).toBe('Toujours un constat');
  });
});
