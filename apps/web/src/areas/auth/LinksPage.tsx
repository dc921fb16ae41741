import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAuthenticated } from '../../app/session.ts';

/** /links: open to everyone, signed in or not. */
export default function LinksPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('common:links.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('common:links.intro')}
      </Text>
      <List>
        {isAuthenticated() ? (
          <List.Item>
            <Anchor component={Link} to="/dashboard">
              {t('common:links.dashboard')}
            </Anchor>
          </List.Item>
        ) : (
          <List.Item>
            <Anchor component={Link} to="/login">
              {t('common:links.login')}
            </Anchor>
          </List.Item>
        )}
        <List.Item>
          <Anchor component={Link} to="/password/email">
            {t('common:links.forgot')}
          </Anchor>
        </List.Item>
      </List>
    </Stack>
  );
}
