import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Anchor, Box, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pickLocale, type Locale } from '@atelier/domain';
import { ApiError } from '../../api/jsonapi.ts';
import i18n, { currentLocale } from '../../i18n/index.ts';
import { EstimateForm } from './EstimateForm.tsx';
import { FrameLead, FrameOffer } from './FrameLead.tsx';
import { FRAME_HEIGHT_MESSAGE, frameInfo, frameOffer, type Channel, type FrameOfferResult } from './pricingApi.ts';

/**
 * The site embedding this frame, as the browser says it (ancestorOrigins where the browser has
 * it, else the referrer): the server answers only when it is one of the allowed domains, and the
 * page's frame-ancestors let the browser show it only there.
 */
export function embeddingSite(): string | null {
  if (window.parent === window) return window.location.origin;
  const ancestors = (window.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0]!;
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/**
 * Tells the embedding page the height of the content whenever it changes (the snippet's listener
 * sizes the iframe), so a phone never hides the offer or the contact form below a fixed height.
 */
function usePostedHeight() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || window.parent === window) return;
    const post = () => window.parent.postMessage({ type: FRAME_HEIGHT_MESSAGE, height: Math.ceil(el.getBoundingClientRect().height) }, '*');
    const observer = new ResizeObserver(post);
    observer.observe(el);
    post();
    return () => observer.disconnect();
  }, []);
  return ref;
}

/** /embed/vehicle-estimate?key=pk_…&lang=fr: the public estimation, no login, in the site's frame. */
export default function EmbedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const [locale, setLocale] = useState<Locale>(() => pickLocale(params.get('lang') ?? navigator.language));
  useEffect(() => {
    if (currentLocale() !== locale) void i18n.changeLanguage(locale);
  }, [locale]);
  const channel: Extract<Channel, { kind: 'embed' }> = useMemo(() => ({ kind: 'embed', key, parent: embeddingSite(), locale }), [key, locale]);
  const info = useQuery({ queryKey: ['embed', key, locale], queryFn: () => frameInfo(channel), retry: false, enabled: key !== '' });
  const [result, setResult] = useState<{ offer: FrameOfferResult; vehicle: Record<string, unknown> } | null>(null);
  const measured = usePostedHeight();
  const refused = info.error instanceof ApiError ? info.error.status : key === '' ? 404 : null;
  return (
    <Container size="lg" px="sm" py="md" ref={measured} data-testid="embed-page">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={1} size="h3">
            {t('pricing:embed.title')}
          </Title>
          <Anchor component="button" type="button" size="sm" onClick={() => setLocale(locale === 'fr' ? 'en' : 'fr')} lang={locale === 'fr' ? 'en' : 'fr'} data-testid="embed-language">
            {t('pricing:embed.language')}
          </Anchor>
        </Group>
        {refused ? (
          <Alert color="red" data-testid="embed-refused">
            {t(refused === 404 ? 'pricing:embed.unknown' : 'pricing:embed.refused')}
          </Alert>
        ) : info.isLoading || !info.data ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : (
          <>
            <Text size="sm" c="dimmed" data-testid="embed-organization">
              {t('pricing:embed.by', { organization: info.data.organization })}
            </Text>
            <EstimateForm channel={channel} margin={false} estimate={(body) => frameOffer(channel, body)} onResult={(offer, vehicle) => setResult(offer && { offer, vehicle })} />
            {result && (
              <Box>
                <Stack gap="md">
                  <FrameOffer result={result.offer} />
                  <FrameLead key={JSON.stringify(result.vehicle)} channel={channel} vehicle={result.vehicle} />
                </Stack>
              </Box>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
