import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client.ts';
import { ApiError } from '../../api/jsonapi.ts';
import { useErrorText } from '../../lib/useFieldError.ts';
import type { TokenResponse } from './LoginPage.tsx';
import { useApiErrorText } from './useApiErrorText.ts';

const codeRules = { validate: (v: string) => (/^\d{6}$/.test(v.trim()) ? true : 'validation:code_format') };

/** Second step of a two-factor sign-in: the 6-digit code e-mailed to the user, with "resend". */
export function VerifyStep({ email, onSignedIn, onBack }: { email: string; onSignedIn: (token: string) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const errText = useErrorText();
  const apiErrorText = useApiErrorText();
  const [error, setError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setError(null);
    try {
      const res = await request<TokenResponse>('/verify', { method: 'POST', body: { email, code: code.trim() }, ignoreUnauthorized: true });
      if (res?.access_token) onSignedIn(res.access_token);
      else setError(apiErrorText(null));
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors.code && e.generalErrors.length === 0) form.setError('code', { message: e.fieldErrors.code });
      else setError(apiErrorText(e));
    }
  });

  const resend = async () => {
    setError(null);
    setResending(true);
    try {
      await request('/verify/resend', { method: 'POST', body: { email }, ignoreUnauthorized: true });
      notifications.show({ color: 'teal', message: t('auth:verify.resent') });
    } catch (e) {
      setError(apiErrorText(e));
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="verify-title">
      <Stack gap="md">
        <div>
          <Title order={2} id="verify-title" size="h3">
            {t('auth:verify.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('auth:verify.intro', { email })}
          </Text>
        </div>
        {error ? (
          <Alert color="red" role="alert" data-testid="verify-error">
            {error}
          </Alert>
        ) : null}
        <TextInput
          label={t('auth:verify.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          autoFocus
          styles={{ input: { letterSpacing: '0.4em', fontSize: 20 } }}
          {...form.register('code', codeRules)}
          error={errText(form.formState.errors.code?.message)}
        />
        <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
          {t('auth:verify.submit')}
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            {t('auth:verify.back')}
          </Anchor>
          <Button variant="subtle" size="compact-sm" onClick={resend} loading={resending}>
            {t('auth:verify.resend')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
