import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';

// The app's other routes, as a stand-in: the test counts when they load.
const loaded = vi.hoisted(() => ({ times: 0 }));
vi.mock('./appRoutes.tsx', () => {
  loaded.times++;
  return { appRoutes: [{ path: 'not-found' }, { path: 'inspecpro/inspections/:id' }] };
});
const { patchAppRoutes, routeTree } = await import('./router.tsx');

async function open(path: string) {
  const router = createMemoryRouter(routeTree, { initialEntries: [path], patchRoutesOnNavigation: patchAppRoutes });
  await vi.waitFor(() => expect(router.state.initialized).toBe(true));
  const deepest = router.state.matches.at(-1)!;
  return { path: deepest.route.path, params: deepest.params, router };
}

describe('the routes of the first page (docs/decisions.md "The first page\'s JavaScript")', () => {
  it('the sign-in pages open without the rest of the app; a deep link loads it and opens its page', async () => {
    expect((await open('/login?redirect=%2Fdashboard')).path).toBe('login');
    expect((await open('/password/reset?token=t&email=a%40b.c')).path).toBe('password/reset');
    expect(loaded.times).toBe(0);

    const deep = await open('/inspecpro/inspections/5');
    expect(deep.path).toBe('inspecpro/inspections/:id');
    expect(deep.params.id).toBe('5');
    expect(loaded.times).toBe(1);
  });

  it('a path no route knows still ends on the catch-all, and signing in navigates into the rest of the app', async () => {
    expect((await open('/nowhere')).path).toBe('*');
    const { router } = await open('/login');
    await router.navigate('/inspecpro/inspections/7');
    expect(router.state.matches.at(-1)!.route.path).toBe('inspecpro/inspections/:id');
  });
});
