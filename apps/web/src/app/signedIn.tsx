import { useMemo, useRef, type ReactNode } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/jsonapi.ts';
import { fetchMe, keys } from '../api/hooks.ts';
import { permissionsOf } from '../api/types.ts';
import i18n, { storedLocale } from '../i18n/index.ts';
import { MeContext, type MeContextValue } from './AppData.tsx';
import { initialLocations, initialOrganization } from './globalSelection.ts';
import { forceLogout, GLOBAL_LOCATIONS_KEY, GLOBAL_ORGANIZATION_KEY, setSelection, storage } from './session.ts';
import Shell from './shell/Shell.tsx';

/** Loads /me; a 401 or 403 forces logout (spec platform §4). Initialises locale and global selection. */
function MeProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: keys.me,
    queryFn: fetchMe,
    staleTime: 5 * 60_000,
    meta: { silent: true },
    retry: (n, e) => !(e instanceof ApiError && (e.status === 401 || e.status === 403)) && n < 2,
  });
  const initialised = useRef(false);
  const value = useMemo<MeContextValue | null>(() => {
    if (!q.data) return null;
    const permissions = permissionsOf(q.data);
    return { me: q.data, permissions, can: (p) => !p || permissions.has(p) };
  }, [q.data]);

  if (q.error instanceof ApiError && (q.error.status === 401 || q.error.status === 403)) {
    forceLogout();
    return null;
  }
  if (q.isError && !q.data) {
    return (
      <Center h="100vh">
        <Stack align="center">
          <Text role="alert">{t('errors:SOMETHING_WENT_WRONG')}</Text>
          <Button onClick={() => q.refetch()}>{t('common:actions.retry')}</Button>
        </Stack>
      </Center>
    );
  }
  if (!value) {
    return (
      <Center h="100vh">
        <Loader aria-label={t('common:app.loading')} />
      </Center>
    );
  }
  if (!initialised.current) {
    initialised.current = true;
    const me = value.me;
    if (!storedLocale() && me.locale && me.locale !== i18n.language) void i18n.changeLanguage(me.locale);
    setSelection(
      {
        locations: initialLocations(me, storage.get(GLOBAL_LOCATIONS_KEY)),
        organization: initialOrganization(me, storage.get(GLOBAL_ORGANIZATION_KEY)),
      },
      false,
    );
  }
  return <MeContext.Provider value={value}>{children}</MeContext.Provider>;
}

/** The signed-in part of the app, loaded once signed in (router.tsx): the user's profile, then the shell. */
export default function SignedIn() {
  return (
    <MeProvider>
      <Shell />
    </MeProvider>
  );
}
