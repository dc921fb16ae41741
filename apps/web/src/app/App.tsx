import { useMemo } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '../styles.css';
import i18n from '../i18n/index.ts';
import './session.ts';
import { ConfigGate } from './AppData.tsx';
import { queryClient } from './queryClient.ts';
import { createRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';
import { ErrorDialog } from '../components/ErrorDialog.tsx';

export function App() {
  const router = useMemo(() => createRouter(), []);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
            <Notifications position="top-right" autoClose={5000} transitionDuration={200} />
            <ErrorDialog />
            <ConfigGate>
              <RouterProvider router={router} />
            </ConfigGate>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
