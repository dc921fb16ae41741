import { useState } from 'react';
import { ActionIcon, Box, Button, Group, NavLink, Popover, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconAdjustments,
  IconBuildingStore,
  IconCar,
  IconChevronsLeft,
  IconChevronsRight,
  IconClipboardCheck,
  IconFolders,
  IconInfoCircle,
  IconLayoutDashboard,
  IconMessages,
  IconPackages,
  IconReceipt,
  IconSettings,
  IconShoppingCart,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../AppData.tsx';
import { rememberRoute, restoreRoute } from '../lastRoute.ts';
import { appOfPath, visibleApps, visibleItems, type MenuApp } from '../navigation.ts';
import { storage } from '../session.ts';

export const APP_ICONS: Record<string, Icon> = {
  dashboard: IconLayoutDashboard,
  vehicles: IconCar,
  inspectpro: IconClipboardCheck,
  crm: IconUsersGroup,
  sales: IconReceipt,
  purchases: IconShoppingCart,
  inventory: IconPackages,
  files: IconFolders,
  reseller: IconBuildingStore,
  settings: IconAdjustments,
  admin: IconSettings,
};

/** Spec platform §2: Messages and Information sit on the rail, inert until their features exist. */
const INERT_ITEMS: { key: string; label: string; icon: Icon }[] = [
  { key: 'messages', label: 'shell:nav.messages', icon: IconMessages },
  { key: 'information', label: 'shell:nav.information', icon: IconInfoCircle },
];

const store = { getItem: (k: string) => storage.get(k), setItem: (k: string, v: string) => storage.set(k, v) };

/** Where a level-1 click goes: the app's last visited route, else its home. */
export function appTarget(app: MenuApp): string {
  return restoreRoute(store, app.path.slice(1).split('/')[0], app.path);
}

const railButtonStyle = (active: boolean): React.CSSProperties => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 10,
  color: 'white',
  background: active ? 'var(--mantine-color-blue-6)' : 'transparent',
});

/** What the rail's two kinds of app button (a link, a flyout's target) share: name, state, size, colours, icon. */
const railButton = (key: string, label: string, active: boolean, IconC: Icon) => ({
  'aria-label': label,
  'aria-current': active ? ('page' as const) : undefined,
  'data-testid': `app-${key}`,
  w: 44,
  h: 44,
  style: railButtonStyle(active),
  children: <IconC size={22} stroke={1.7} aria-hidden />,
});

const isActiveItem = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * The sub-menu of the current app as a compact bar above the page, shown while the sidebar is
 * collapsed (1200 px and below, spec platform §9): on a tablet each item stays one tap away.
 */
export function SectionBar() {
  const { t } = useTranslation();
  const { permissions } = useMe();
  const { pathname } = useLocation();
  const current = appOfPath(pathname);
  const items = current && !current.single ? visibleItems(current, permissions) : [];
  if (!current || items.length === 0) return null;
  return (
    <Box component="nav" aria-label={t(`shell:apps.${current.key}`)} mb="sm" data-testid="section-bar">
      <Group component="ul" gap={4} m={0} p={0} wrap="wrap">
        {items.map((i) => {
          const active = isActiveItem(pathname, i.path);
          return (
            <li key={i.key} style={{ listStyle: 'none' }}>
              <Button
                component={Link}
                to={i.path}
                size="compact-sm"
                variant={active ? 'light' : 'subtle'}
                color={active ? 'blue' : 'gray.8'}
                aria-current={active ? 'page' : undefined}
              >
                {t(i.label)}
              </Button>
            </li>
          );
        })}
      </Group>
    </Box>
  );
}

/** Two-level sidebar (spec platform §2): a rail of apps and the sub-menu of the current app. */
export function Sidebar({ collapsed, onToggle, onNavigate }: { collapsed: boolean; onToggle: () => void; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { permissions } = useMe();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const apps = visibleApps(permissions);
  const current = appOfPath(pathname);
  const items = current ? visibleItems(current, permissions) : [];
  const showPanel = !collapsed && current && !current.single && items.length > 0;
  // Collapsed, an app's icon opens its sub-menu beside the rail (one tap to the menu, one to the item).
  const [flyout, setFlyout] = useState<string | null>(null);

  return (
    <Box display="flex" h="100%" component="nav" aria-label={t('shell:nav.main')}>
      <Stack
        w={64}
        py="sm"
        gap={6}
        align="center"
        bg="blue.9"
        h="100%"
        style={{ flexShrink: 0 }}
        component="ul"
        aria-label={t('shell:nav.apps')}
        m={0}
        p={0}
        pt="sm"
      >
        {apps.map((app) => {
          const IconC = APP_ICONS[app.key] ?? IconLayoutDashboard;
          const active = current?.key === app.key;
          const label = t(`shell:apps.${app.key}`);
          if (collapsed && !app.single) {
            const appItems = visibleItems(app, permissions);
            return (
              <li key={app.key} style={{ listStyle: 'none' }}>
                <Popover
                  opened={flyout === app.key}
                  onChange={(o) => setFlyout(o ? app.key : null)}
                  position="right-start"
                  offset={10}
                  withArrow
                  shadow="md"
                  trapFocus
                  returnFocus
                >
                  <Popover.Target>
                    <UnstyledButton
                      onClick={() => setFlyout((f) => (f === app.key ? null : app.key))}
                      {...railButton(app.key, label, active, IconC)}
                    />
                  </Popover.Target>
                  <Popover.Dropdown p="xs" miw={220} data-testid={`section-flyout-${app.key}`}>
                    <Text fw={700} size="sm" px="sm" py={4} c="gray.8">
                      {label}
                    </Text>
                    <SectionItems
                      items={appItems}
                      pathname={pathname}
                      onClick={() => {
                        rememberRoute(store, window.location.pathname + window.location.search);
                        setFlyout(null);
                        onNavigate();
                      }}
                    />
                  </Popover.Dropdown>
                </Popover>
              </li>
            );
          }
          return (
            <li key={app.key} style={{ listStyle: 'none' }}>
              <Tooltip label={label} position="right" withArrow openDelay={150} closeDelay={300}>
                <UnstyledButton
                  component={Link}
                  to={app.single ? app.path : appTarget(app)}
                  onClick={(e: React.MouseEvent) => {
                    // The URL being left is this section's last route, even when a quick click
                    // superseded its render (navigations are transitions) before it was recorded.
                    rememberRoute(store, window.location.pathname + window.location.search);
                    if (app.single) return onNavigate();
                    e.preventDefault();
                    navigate(appTarget(app));
                    onNavigate();
                  }}
                  {...railButton(app.key, label, active, IconC)}
                />
              </Tooltip>
            </li>
          );
        })}
        {INERT_ITEMS.map(({ key, label, icon: IconC }, i) => (
          <li key={key} style={{ listStyle: 'none', marginTop: i === 0 ? 'auto' : undefined }}>
            {/* A disabled button gets no pointer events: the span carries the tooltip. It is not
                focusable, so keyboard users go past it. */}
            <Tooltip label={t('shell:nav.coming_soon')} position="right" withArrow openDelay={150}>
              <span style={{ display: 'block' }} data-testid={`rail-${key}`}>
                <UnstyledButton
                  disabled
                  aria-label={t(label)}
                  w={44}
                  h={44}
                  style={{
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    borderRadius: 10,
                    color: 'white',
                    opacity: 0.6,
                    cursor: 'not-allowed',
                    pointerEvents: 'none',
                  }}
                >
                  <IconC size={22} stroke={1.7} aria-hidden />
                </UnstyledButton>
              </span>
            </Tooltip>
          </li>
        ))}
        <li style={{ listStyle: 'none', paddingBottom: 8 }}>
          <Tooltip label={collapsed ? t('shell:nav.expand') : t('shell:nav.collapse')} position="right">
            <ActionIcon
              variant="subtle"
              color="gray.0"
              size="lg"
              onClick={onToggle}
              aria-label={collapsed ? t('shell:nav.expand') : t('shell:nav.collapse')}
              aria-expanded={!collapsed}
              data-testid="sidebar-toggle"
              visibleFrom="sm"
            >
              {collapsed ? <IconChevronsRight size={20} /> : <IconChevronsLeft size={20} />}
            </ActionIcon>
          </Tooltip>
        </li>
      </Stack>
      {showPanel && current ? (
        <Box w={220} h="100%" style={{ borderRight: '1px solid var(--mantine-color-gray-3)' }} bg="white">
          <ScrollArea h="100%" p="xs">
            <Text fw={700} size="sm" px="sm" py="xs" c="gray.8" id="section-menu-title">
              {t(`shell:apps.${current.key}`)}
            </Text>
            <SectionItems items={items} pathname={pathname} onClick={onNavigate} aria-labelledby="section-menu-title" data-testid="section-menu" />
          </ScrollArea>
        </Box>
      ) : null}
    </Box>
  );
}

/** A section's items as links, the current one marked (the side panel and a collapsed rail's flyout). */
function SectionItems({ items, pathname, onClick, ...list }: { items: MenuApp['items']; pathname: string; onClick: () => void; 'aria-labelledby'?: string; 'data-testid'?: string }) {
  const { t } = useTranslation();
  return (
    <Box component="ul" m={0} p={0} {...list}>
      {items.map((i) => {
        const here = isActiveItem(pathname, i.path);
        return (
          <li key={i.key} style={{ listStyle: 'none' }}>
            <NavLink
              component={Link}
              to={i.path}
              label={t(i.label)}
              active={here}
              aria-current={here ? 'page' : undefined}
              onClick={onClick}
              variant="light"
              style={{ borderRadius: 8 }}
            />
          </li>
        );
      })}
    </Box>
  );
}
