import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../AppData.tsx';
import { appOfPath, visibleItems } from '../navigation.ts';
import { APP_ICONS } from './Sidebar.tsx';

/** Home of a section (/admin ...): the screens the user may open there. */
export default function SectionHome() {
  const { t } = useTranslation();
  const { permissions } = useMe();
  const { pathname } = useLocation();
  const app = appOfPath(pathname);
  if (!app) return null;
  const items = visibleItems(app, permissions);
  const IconC = APP_ICONS[app.key];
  return (
    <Stack>
      <Title order={1} size="h2">
        {t(`shell:apps.${app.key}`)}
      </Title>
      <Text c="dimmed">{t('shell:nav.home_intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {items.map((i) => (
          <Card key={i.key} component={Link} to={i.path} withBorder padding="lg" radius="md">
            <Stack gap={4}>
              {IconC ? <IconC size={24} aria-hidden color="var(--mantine-color-blue-8)" /> : null}
              <Text fw={600}>{t(i.label)}</Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
