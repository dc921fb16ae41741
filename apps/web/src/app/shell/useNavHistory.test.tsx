// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate } from 'react-router';
import { NavHistoryProvider, useNavHistory } from './useNavHistory.tsx';

// The shell's back and forward buttons move through its own history; the moves must hold when a
// user clicks again before the previous move's screen has rendered (journey 8 failed on that).

let controls: { back: () => void; forward: () => void; go: (to: string) => void };

function Probe() {
  const h = useNavHistory();
  const navigate = useNavigate();
  controls = { back: h.goBack, forward: h.goForward, go: (to) => navigate(to) };
  return <p data-testid="at">{useLocation().pathname}</p>;
}

function mount() {
  const router = createMemoryRouter([{ path: '*', element: <NavHistoryProvider><Probe /></NavHistoryProvider> }], { initialEntries: ['/a'] });
  render(<RouterProvider router={router} />);
}
const at = () => screen.getByTestId('at').textContent;

afterEach(cleanup);

describe('the shell history', () => {
  it('goes back twice and forward once, one click at a time', async () => {
    mount();
    for (const to of ['/b', '/c']) await act(async () => controls.go(to));
    await act(async () => controls.back());
    expect(at()).toBe('/b');
    await act(async () => controls.back());
    expect(at()).toBe('/a');
    await act(async () => controls.forward());
    expect(at()).toBe('/b');
  });

  it('counts clicks made before the previous move rendered', async () => {
    mount();
    for (const to of ['/b', '/c']) await act(async () => controls.go(to));
    await act(async () => {
      controls.back();
      controls.back();
    });
    expect(at()).toBe('/a');
    await act(async () => {
      controls.forward();
      controls.forward();
      controls.back();
    });
    expect(at()).toBe('/b');
    await act(async () => controls.forward());
    expect(at()).toBe('/c');
  });

  it('keeps both pages of two navigations rendered at once (a click while the previous page still renders)', async () => {
    mount();
    await act(async () => {
      controls.go('/b');
      controls.go('/c');
    });
    expect(at()).toBe('/c');
    await act(async () => controls.back());
    expect(at()).toBe('/b');
    await act(async () => controls.back());
    expect(at()).toBe('/a');
  });
});
