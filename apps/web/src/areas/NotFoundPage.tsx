import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The page of an unknown path, in the shell's main (signed in) or the route's own (appRoutes.tsx). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="70vh">
      <Stack align="center" gap="sm">
        <Text size="64px" fw={800} c="blue.9" aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          {t('common:not_found.title')}
        </Title>
        <Text c="dimmed">{t('common:not_found.body')}</Text>
        <Button component={Link} to="/">
          {t('common:not_found.home')}
        </Button>
      </Stack>
    </Center>
  );
}
