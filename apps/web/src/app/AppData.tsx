import type { Permission } from '@atelier/domain';
import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { request } from '../api/request.ts';
import type { AppConfig, User } from '../api/types.ts';
import { OFFLINE_READY } from './offlineCache.ts';

/**
 * The application's configuration (GET /app-config), read once before anything shows. A plain
 * store, not a query: the sign-in page carries no query cache (docs/decisions.md "The first page's
 * JavaScript").
 */
type ConfigState = { data?: AppConfig; failed?: boolean };
let config: ConfigState = {};
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadConfig() {
  loading ??= request<AppConfig>('/app-config', { global: false, ignoreUnauthorized: true }).then(
    (data) => void (config = { data }),
    () => void (config = { ...config, failed: true }),
  ).finally(() => {
    loading = null;
    listeners.forEach((l) => l());
  });
  return loading;
}

// On the very first visit the page read the configuration before the service worker controlled
// it: read it again through the worker, so that a reload offline finds it (serviceWorker.ts).
if (typeof window !== 'undefined') window.addEventListener(OFFLINE_READY, () => void loadConfig());

function useConfigState(): ConfigState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => config,
  );
}

const ConfigContext = createContext<AppConfig | null>(null);
/** The configuration's provider, for a screen's test that needs one (the app has ConfigGate). */
export const AppConfigProvider = ConfigContext.Provider;

/** Texts can be sent (the server has Twilio's keys); false outside the app's frame. */
export function useSmsEnabled(): boolean {
  return useContext(ConfigContext)?.sms_enabled ?? false;
}

export function useAppConfig(): AppConfig {
  const c = useContext(ConfigContext);
  if (!c) throw new Error('useAppConfig outside ConfigGate');
  return c;
}

/**
 * A blocking loading dialog until /app-config arrives (spec platform §2); reseller branding from
 * it. Nothing else is on the page meanwhile, so the dialog needs no overlay nor focus trap.
 */
export function ConfigGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data, failed } = useConfigState();
  useEffect(() => {
    if (!data) void loadConfig();
  }, [data]);
  if (data) {
    if (document.title !== data.app_name) document.title = data.app_name;
    return <ConfigContext.Provider value={data}>{children}</ConfigContext.Provider>;
  }
  return (
    <Center mih="100vh" p="md">
      <Paper role="dialog" aria-modal="true" aria-labelledby="config-gate-title" withBorder shadow="md" radius="md" p="lg" w={360} maw="100%">
        <Title order={2} size="h4" id="config-gate-title">
          {t('common:app.loading_title')}
        </Title>
        <Stack align="center" gap="md" py="md">
          {failed ? (
            <>
              <Text role="alert">{t('common:app.config_error')}</Text>
              <Button onClick={() => void loadConfig()} autoFocus>
                {t('common:actions.retry')}
              </Button>
            </>
          ) : (
            <>
              <Loader aria-label={t('common:app.loading')} />
              <Text>{t('common:app.loading')}</Text>
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

export interface MeContextValue {
  me: User;
  permissions: ReadonlySet<Permission>;
  can: (permission: Permission | undefined) => boolean;
}
/** The signed-in user, given by MeProvider (signedIn.tsx) to the shell and the areas. */
export const MeContext = createContext<MeContextValue | null>(null);

export function useMe(): MeContextValue {
  const v = useContext(MeContext);
  if (!v) throw new Error('useMe outside MeProvider');
  return v;
}
