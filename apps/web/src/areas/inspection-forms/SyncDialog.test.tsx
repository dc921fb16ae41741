// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import i18n from '../../i18n/index.ts';
import { ResultTable } from './SyncDialog.tsx';
import { shimMantineBrowser } from '../../testing/jsdom.ts';

beforeAll(async () => {
  shimMantineBrowser();
  await i18n.changeLanguage('fr');
});
afterEach(cleanup);

describe('a part of the dry run’s answer', () => {
  it('shows its title, headers and one row per change, cells in order', () => {
    render(
      <MantineProvider>
        <ResultTable title="Refusées" testId="sync-refused" headers={['Ligne', 'Colonne', 'Raisons']} rows={[[4, 'Type', 'Type inconnu'], [7, '', 'Nom obligatoire']]} />
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Refusées' })).toBeTruthy();
    const table = screen.getByTestId('sync-refused');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Ligne', 'Colonne', 'Raisons']);
    expect(within(table).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))).toEqual([
      ['4', 'Type', 'Type inconnu'],
      ['7', '', 'Nom obligatoire'],
    ]);
  });

  it('shows nothing when that part is empty', () => {
    const { container } = render(
      <MantineProvider>
        <ResultTable title="Ajoutés" testId="sync-added" headers={['Ligne']} rows={[]} />
      </MantineProvider>,
    );
    expect(container.querySelector('section')).toBeNull();
  });
});
