import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCar, IconClipboardCheck, IconForms, IconTool, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useList } from '../../api/hooks.ts';
import { useAppConfig, useMe } from '../../app/AppData.tsx';
import { MENU, visibleItems } from '../../app/navigation.ts';
import { currentLocale } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';

/** The type each shortcut of the module counts (the menu's items of /inspecpro). */
export const SHORTCUT_TYPES: Record<string, { type: string; icon: Icon }> = {
  inspection_forms: { type: 'inspection-forms', icon: IconForms },
  inspections: { type: 'inspections', icon: IconClipboardCheck },
  estimates: { type: 'estimations', icon: IconCar },
  repairs: { type: 'repairs', icon: IconTool },
};

/** A shortcut's count, when the server serves the type: its list's page total. */
function Count({ type }: { type: string }) {
  const q = useList(type, { page: { number: 1, size: 1 } }, { meta: { silent: true } });
  if (q.isPending) return <Skeleton h={28} w={40} mt={4} />;
  return q.data ? (
    <Text fz={28} fw={700} data-testid={`inspecpro-count-${type}`}>
      {formatNumber(q.data.total, currentLocale())}
    </Text>
  ) : null;
}

/** /inspecpro: the module's screens the user may open, each with how many records it lists. */
export default function InspecproHome() {
  const { t } = useTranslation();
  const { permissions } = useMe();
  const { resource_types } = useAppConfig();
  const app = MENU.find((a) => a.key === 'inspectpro');
  const items = app ? visibleItems(app, permissions) : [];
  const served = new Set(resource_types ?? []);
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('shell:apps.inspectpro')}
      </Title>
      <Text c="dimmed">{items.length > 0 ? t('inspection-forms:home.intro') : t('inspection-forms:home.nothing')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {items.map((i) => {
          const shortcut = Object.hasOwn(SHORTCUT_TYPES, i.key) ? SHORTCUT_TYPES[i.key] : undefined;
          const IconC = shortcut?.icon;
          return (
            <Card key={i.key} component={Link} to={i.path} withBorder padding="lg" radius="md" data-testid={`inspecpro-${i.key}`}>
              <Stack gap={4}>
                {IconC ? <IconC size={24} aria-hidden color="var(--mantine-color-blue-8)" /> : null}
                <Text fw={600}>{t(i.label)}</Text>
                {shortcut && served.has(shortcut.type) ? <Count type={shortcut.type} /> : null}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
