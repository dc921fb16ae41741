import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="70vh" component="main" id="main">
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
