import { Suspense, useEffect, useMemo, useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import '@mantine/core/styles.css';
import '../styles.css';
import i18n from '../i18n/index.ts';
import './session.ts';
import { ConfigGate } from './AppData.tsx';
import { Toasts } from './notify.tsx';
import { createRouter } from './router.tsx';
import { cssVariablesResolver, themeWithCloseLabel } from './theme.ts';

/**
 * The frame every page shares: texts, theme, the configuration, the toasts and the routes. The
 * query cache, the request-error dialog, the shell and the toasts' code load later, with what
 * needs them (docs/decisions.md "The first page's JavaScript").
 */
export function App() {
  const router = useMemo(() => createRouter(), []);
  const [language, setLanguage] = useState(i18n.language);
  useEffect(() => {
    i18n.on('languageChanged', setLanguage);
    return () => i18n.off('languageChanged', setLanguage);
  }, []);
  const theme = useMemo(() => themeWithCloseLabel(i18n.t('common:actions.close', { lng: language })), [language]);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        {/* A visitor who chose English waits for its texts (i18n/index.ts) before the first page shows. */}
        <Suspense fallback={null}>
          <Toasts />
          <ConfigGate>
            <RouterProvider router={router} />
          </ConfigGate>
        </Suspense>
      </MantineProvider>
    </I18nextProvider>
  );
}
