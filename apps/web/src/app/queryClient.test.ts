import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/jsonapi.ts';

const shown = vi.hoisted(() => [] as { id?: string; color?: string; message?: unknown }[]);
vi.mock('./notify.tsx', () => ({ notify: (n: (typeof shown)[number]) => shown.push(n) }));
const dialogs = vi.hoisted(() => [] as unknown[]);
vi.mock('./errorStore.ts', () => ({ showRequestError: (e: unknown) => dialogs.push(e) }));

const { queryClient } = await import('./queryClient.ts');
const i18n = (await import('../i18n/index.ts')).default;

const fail = (error: unknown, meta: Record<string, boolean>) =>
  queryClient.fetchQuery({ queryKey: ['t', Math.random()], queryFn: () => Promise.reject(error), meta, retry: false }).catch(() => undefined);

afterEach(() => {
  shown.length = 0;
  dialogs.length = 0;
});

describe('what a failed load tells the user (platform §8)', () => {
  it('the shell’s loads of locations and notifications: a danger notification saying something went wrong, in the language', async () => {
    await i18n.changeLanguage('fr');
    await fail(new ApiError(500, []), { notify: true });
    expect(shown).toEqual([{ id: 'load-failed', color: 'red', message: "Une erreur s'est produite" }]);
    await i18n.changeLanguage('en');
    await fail(new TypeError('network'), { notify: true });
    expect(shown[1].message).toBe('Something went wrong');
    expect(dialogs).toEqual([]);
  });

  it('a signed-out answer (401) says nothing: signing out handles it; other loads open the dialog; silent ones nothing', async () => {
    await fail(new ApiError(401, []), { notify: true });
    await fail(new ApiError(500, []), { silent: true });
    expect(shown).toEqual([]);
    expect(dialogs).toEqual([]);
    await fail(new ApiError(500, []), {});
    expect(dialogs).toHaveLength(1);
  });
});
