import { useEffect, useMemo, type ReactNode } from 'react';
import { MantineProvider, Notification, mergeThemeOverrides } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { I18nextProvider, useTranslation } from 'react-i18next';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '../styles.css';
import './toasts.css';
import i18n from '../i18n/index.ts';
import './session.ts';
import { ConfigGate } from './AppData.tsx';
import { queryClient } from './queryClient.ts';
import { createRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';
import { ErrorDialog } from '../components/ErrorDialog.tsx';
import { keepNewestToasts, TOAST_LIMIT } from './toasts.ts';

/** The theme in the user's language: Mantine's notification close button has no name of its own. */
function LocalizedMantine({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const close = t('common:actions.close');
  const localized = useMemo(
    () => mergeThemeOverrides(theme, { components: { Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': close } } }) } }),
    [close],
  );
  return (
    <MantineProvider theme={localized} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}

export function App() {
  const router = useMemo(() => createRouter(), []);
  useEffect(keepNewestToasts, []);
  return (
    <I18nextProvider i18n={i18n}>
      <LocalizedMantine>
        <QueryClientProvider client={queryClient}>
            {/* Bottom left, beside the sidebar (toasts.css): at the top right they covered the header's buttons. */}
            <Notifications position="bottom-left" containerWidth={400} autoClose={5000} transitionDuration={200} limit={TOAST_LIMIT} />
            <ErrorDialog />
            <ConfigGate>
              <RouterProvider router={router} />
            </ConfigGate>
        </QueryClientProvider>
      </LocalizedMantine>
    </I18nextProvider>
  );
}
