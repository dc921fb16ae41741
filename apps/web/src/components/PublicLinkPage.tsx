import { Box, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { pickLocale, type Locale } from '@atelier/domain';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import i18n, { storedLocale } from '../i18n/index.ts';
import { PublicLinkRefused } from './PublicLinkRefused.tsx';

/** What every public link answers beside its own content. */
interface LinkedView {
  locale: Locale;
  organization: string;
  /** The location the link is of, shown after the organization (a reminder names none). */
  location?: string | null;
}

/**
 * The page a link sent to a customer opens, without signing in and without the app's shell: in
 * the browser's language (unless the visitor chose one here before) until the link says its own.
 * The organization (`<testId>-organization`), the title and what the page says under it, then a
 * loader, why the link opens nothing (PublicLinkRefused) or what it shows, then the footer. `ns` and `prefix` name the
 * texts: loading and PublicLinkRefused's.
 */
export function PublicLinkPage<T extends LinkedView>({
  query,
  ns,
  prefix,
  testId,
  title,
  heading,
  footer,
  children,
}: {
  query: UseQueryResult<T>;
  ns: string;
  prefix: string;
  testId: string;
  title: string;
  heading?: ReactNode;
  footer?: ReactNode;
  children: (view: T) => ReactNode;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!storedLocale()) void i18n.changeLanguage(pickLocale(navigator.languages?.join(',') ?? navigator.language));
  }, []);
  const view = query.data;
  useEffect(() => {
    if (view?.locale) void i18n.changeLanguage(view.locale);
  }, [view?.locale]);
  return (
    <Box mih="100vh" bg="gray.0" py="xl">
      <Container size="md" component="main" id="main">
        <Stack gap="lg">
          <div>
            {view && (
              <Text size="sm" c="dimmed" data-testid={`${testId}-organization`}>
                {[view.organization, view.location].filter(Boolean).join(' · ')}
              </Text>
            )}
            <Title order={1} size="h2">
              {title}
            </Title>
            {heading}
          </div>
          {query.isPending ? (
            <Center py="xl">
              <Loader aria-label={t(`${ns}:${prefix}.loading`)} />
            </Center>
          ) : query.isError ? (
            <PublicLinkRefused ns={ns} prefix={prefix} error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            children(query.data)
          )}
          {footer}
        </Stack>
      </Container>
    </Box>
  );
}
