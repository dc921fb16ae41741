import { useEffect, useState } from 'react';
import { ActionIcon, AppShell, Burger, Group, Image, Text, Tooltip } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { SubscriptionNotice } from '../../areas/reseller/SubscriptionNotice.tsx';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../components/LanguageSwitcher.tsx';
import { appOfPath, visibleItems } from '../navigation.ts';
import { GlobalSelectors } from './GlobalSelectors.tsx';
import { NavHistoryProvider, useNavHistory } from './useNavHistory.tsx';
import { SectionBar, Sidebar } from './Sidebar.tsx';
import { UserMenu } from './UserMenu.tsx';
import { NotificationBell } from '../../areas/notifications/NotificationBell.tsx';
import { useAppConfig, useMe } from '../AppData.tsx';

/** Collapse breakpoint of the sidebar (spec platform §9). */
const COLLAPSE_QUERY = '(max-width: 1200px)';

function HistoryButtons() {
  const { t } = useTranslation();
  const h = useNavHistory();
  return (
    <Group gap={4} wrap="nowrap" visibleFrom="xs">
      <Tooltip label={t('shell:nav.back')}>
        <ActionIcon variant="subtle" color="gray.8" onClick={h.goBack} disabled={!h.canBack} aria-label={t('shell:nav.back')} data-testid="history-back">
          <IconArrowLeft size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('shell:nav.forward')}>
        <ActionIcon variant="subtle" color="gray.8" onClick={h.goForward} disabled={!h.canForward} aria-label={t('shell:nav.forward')} data-testid="history-forward">
          <IconArrowRight size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

export default function Shell() {
  const { t } = useTranslation();
  const { permissions } = useMe();
  const config = useAppConfig();
  const { pathname } = useLocation();
  const narrow = useMediaQuery(COLLAPSE_QUERY) ?? false;
  const [collapsed, setCollapsed] = useState(narrow);
  const [mobileOpened, mobile] = useDisclosure(false);
  useEffect(() => setCollapsed(narrow), [narrow]);

  const app = appOfPath(pathname);
  const hasPanel = Boolean(app && !app.single && visibleItems(app, permissions).length > 0);
  const width = 64 + (!collapsed && hasPanel ? 220 : 0);

  return (
    <NavHistoryProvider>
      <a href="#main" className="skip-link">
        {t('common:app.skip_to_content')}
      </a>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: mobileOpened ? 284 : width, breakpoint: 'sm', collapsed: { mobile: !mobileOpened } }}
        padding="md"
      >
        <AppShell.Header px="md">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
              <Burger opened={mobileOpened} onClick={mobile.toggle} hiddenFrom="sm" size="sm" aria-label={t('shell:nav.open_menu')} />
              <Link to="/dashboard" style={{ textDecoration: 'none' }}>
                <Group gap={6} wrap="nowrap" visibleFrom="md">
                  {config.logo_url ? <Image src={config.logo_url} alt="" h={28} w="auto" /> : null}
                  <Text fw={800} c="blue.9" size="lg">
                    {config.app_name}
                  </Text>
                </Group>
              </Link>
              <HistoryButtons />
              <GlobalSelectors />
            </Group>
            <Group gap="sm" wrap="nowrap">
              <Group visibleFrom="sm">
                <LanguageSwitcher />
              </Group>
              <NotificationBell />
              <UserMenu />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar style={{ overflow: 'hidden' }}>
          <Sidebar collapsed={collapsed && !mobileOpened} onToggle={() => setCollapsed((c) => !c)} onNavigate={mobile.close} />
        </AppShell.Navbar>
        <AppShell.Main id="main" bg="gray.0">
          {/* Collapsed sidebar: the current section's sub-menu stays one tap away above the page. */}
          {collapsed && hasPanel ? <SectionBar /> : null}
          <SubscriptionNotice />
          <div key={pathname} className="page-enter">
            <Outlet />
          </div>
        </AppShell.Main>
      </AppShell>
    </NavHistoryProvider>
  );
}
