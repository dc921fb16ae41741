import { Anchor, Box, Center, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../app/AppData.tsx';
import { LanguageSwitcher } from '../../components/LanguageSwitcher.tsx';

/** Bare layout of the sign-in pages: branding, language switcher and the page; background toggles by route. */
export function BareLayout() {
  const config = useAppConfig();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const alt = pathname.startsWith('/password');
  return (
    <Box
      mih="100vh"
      style={{
        background: alt
          ? 'linear-gradient(160deg, var(--mantine-color-gray-1), var(--mantine-color-blue-1))'
          : 'linear-gradient(160deg, var(--mantine-color-blue-1), var(--mantine-color-gray-0))',
      }}
    >
      <a href="#main" className="skip-link">
        {t('common:app.skip_to_content')}
      </a>
      <Group justify="flex-end" p="md">
        <LanguageSwitcher />
      </Group>
      <Center px="md" pb="xl">
        <Stack w="100%" maw={420} gap="lg">
          <Group justify="center" gap="sm">
            {config.logo_url ? <Image src={config.logo_url} alt="" h={40} w="auto" /> : null}
            <Title order={1} size="h2" c="blue.9">
              <Anchor component={Link} to="/login" underline="never" c="inherit">
                {config.app_name}
              </Anchor>
            </Title>
          </Group>
          <Paper component="main" id="main" withBorder shadow="sm" radius="md" p="xl" key={pathname} className="page-enter">
            <Outlet />
          </Paper>
          <Text ta="center" size="xs" c="dimmed">
            © {new Date().getFullYear()} {config.app_name}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
