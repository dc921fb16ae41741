import type { Permission } from '@atelier/domain';
import { createContext, useContext, useMemo, useRef, type ReactNode } from 'react';
import { Button, Center, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/jsonapi.ts';
import { fetchConfig, fetchMe, keys } from '../api/hooks.ts';
import { permissionsOf, type AppConfig, type User } from '../api/types.ts';
import i18n, { storedLocale } from '../i18n/index.ts';
import { GLOBAL_LOCATIONS_KEY, GLOBAL_ORGANIZATION_KEY, initialLocations, initialOrganization } from './globalSelection.ts';
import { forceLogout, setSelection, storage } from './session.ts';

const ConfigContext = createContext<AppConfig | null>(null);

export function useAppConfig(): AppConfig {
  const c = useContext(ConfigContext);
  if (!c) throw new Error('useAppConfig outside ConfigGate');
  return c;
}

/** A blocking loading dialog until /app-config arrives (spec platform §2); reseller branding from it. */
export function ConfigGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: keys.config, queryFn: fetchConfig, staleTime: Infinity, meta: { silent: true } });
  if (q.data) {
    if (document.title !== q.data.app_name) document.title = q.data.app_name;
    return <ConfigContext.Provider value={q.data}>{children}</ConfigContext.Provider>;
  }
  return (
    <Modal opened onClose={() => {}} withCloseButton={false} centered title={t('common:app.loading_title')} trapFocus>
      <Stack align="center" gap="md" py="md">
        {q.isError ? (
          <>
            <Text role="alert">{t('common:app.config_error')}</Text>
            <Button onClick={() => q.refetch()}>{t('common:actions.retry')}</Button>
          </>
        ) : (
          <>
            <Loader aria-label={t('common:app.loading')} />
            <Text>{t('common:app.loading')}</Text>
          </>
        )}
      </Stack>
    </Modal>
  );
}

interface MeContextValue {
  me: User;
  permissions: ReadonlySet<Permission>;
  can: (permission: Permission | undefined) => boolean;
}
const MeContext = createContext<MeContextValue | null>(null);

export function useMe(): MeContextValue {
  const v = useContext(MeContext);
  if (!v) throw new Error('useMe outside MeProvider');
  return v;
}

/** Loads /me; a 401 or 403 forces logout (spec platform §4). Initialises locale and global selection. */
export function MeProvider({ children }: { children: ReactNode }) {
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
