import { Avatar, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fullName, initials } from '../../api/types.ts';
import { useMe } from '../../app/AppData.tsx';
import { TableHead } from '../../components/TableHead.tsx';

/** /me/view: the profile; ?tab=locations lists the user's locations. */
export default function MeViewPage() {
  const { t } = useTranslation();
  const { me } = useMe();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'locations' ? 'locations' : 'profile';
  const name = fullName(me) || me.email;
  const row = (label: string, value: React.ReactNode) => (
    <div>
      <Text size="sm" c="dimmed" fw={500}>
        {t(label)}
      </Text>
      <div>{value || <Text c="dimmed">{t('common:form.none')}</Text>}</div>
    </div>
  );
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Group>
          <Avatar src={me.profile_image || null} size="lg" radius="xl" color="blue.8" variant="filled" alt={name}>
            {initials(me)}
          </Avatar>
          <div>
            <Title order={1} size="h2">
              {name}
            </Title>
            <Text c="dimmed">{me.email}</Text>
          </div>
        </Group>
        <Button component={Link} to="/me/change">
          {t('profile:edit')}
        </Button>
      </Group>
      <Tabs value={tab} onChange={(v) => setParams(v === 'locations' ? { tab: 'locations' } : {})}>
        <Tabs.List>
          <Tabs.Tab value="profile">{t('profile:tabs.profile')}</Tabs.Tab>
          <Tabs.Tab value="locations">{t('profile:tabs.locations')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile" pt="md">
          <Paper withBorder p="lg" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {row('admin:fields.firstname', me.firstname)}
              {row('admin:fields.lastname', me.lastname)}
              {row('admin:fields.email', me.email)}
              {row('admin:fields.locale', me.locale ? t(`common:languages.${me.locale === 'en' ? 'en' : 'fr'}`) : null)}
              {row('admin:fields.organization', me.organization?.name)}
              {row('admin:fields.reseller', me.reseller?.name)}
              {row(
                'admin:fields.roles',
                (me.roles ?? []).length ? (
                  <Group gap={4}>
                    {(me.roles ?? []).map((r) => (
                      <Badge key={r.id} variant="light" tt="none">
                        {r.name}
                      </Badge>
                    ))}
                  </Group>
                ) : null,
              )}
              {row(
                'admin:fields.two_factor',
                <Badge color={me.two_factor_enabled ? 'teal' : 'gray'} variant="light">
                  {t(me.two_factor_enabled ? 'profile:two_factor.on' : 'profile:two_factor.off')}
                </Badge>,
              )}
            </SimpleGrid>
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="locations" pt="md">
          <Paper withBorder p="lg" radius="md" data-testid="my-locations">
            {me.restrict_to_locations ? <Text size="sm" mb="sm">{t('profile:restricted')}</Text> : <Text size="sm" mb="sm">{t('profile:not_restricted')}</Text>}
            {(me.allowedLocations ?? []).length === 0 ? (
              <Text c="dimmed">{t('profile:no_locations')}</Text>
            ) : (
              <Table>
                <TableHead columns={[t('admin:fields.name'), t('admin:fields.organization')]} />
                <Table.Tbody>
                  {(me.allowedLocations ?? []).map((l) => (
                    <Table.Tr key={l.id}>
                      <Table.Td>{l.name}</Table.Td>
                      <Table.Td>{l.organization?.name ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
