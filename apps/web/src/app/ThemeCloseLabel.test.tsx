// @vitest-environment jsdom
import { Drawer, MantineProvider, Modal } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shimMantineBrowser } from '../testing/jsdom.ts';
import { themeWithCloseLabel } from './theme.ts';

// Every dialog's and drawer's close button has a name (axe: button-name), in the reader's language,
// unless the dialog names its own.

beforeAll(() => shimMantineBrowser());
afterEach(cleanup);

describe('the close buttons of dialogs and drawers', () => {
  it.each([
    ['Fermer', 'fr'],
    ['Close', 'en'],
  ])('are named « %s » (%s)', (label) => {
    render(
      <MantineProvider theme={themeWithCloseLabel(label)}>
        <Modal opened onClose={() => {}} title="Oups" transitionProps={{ duration: 0 }}>
          x
        </Modal>
        <Drawer opened onClose={() => {}} title="Tiroir" transitionProps={{ duration: 0 }}>
          y
        </Drawer>
      </MantineProvider>,
    );
    expect(screen.getAllByRole('button', { name: label })).toHaveLength(2);
  });

  it('keep the name a dialog gives its own', () => {
    render(
      <MantineProvider theme={themeWithCloseLabel('Fermer')}>
        <Modal opened onClose={() => {}} title="Photo" closeButtonProps={{ 'aria-label': 'Fermer la photo' }} transitionProps={{ duration: 0 }}>
          x
        </Modal>
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Fermer la photo' })).toBeTruthy();
  });
});
