import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request.ts';
import { ApiError } from '../../api/jsonapi.ts';
import { useApiErrorText } from './useApiErrorText.ts';
import { rules, useAuthForm } from './useAuthForm.ts';
import PasswordResetPage from './PasswordResetPage.tsx';

/**
 * Forgot password: always the same answer. Also the landing of invitation links (spec platform
 * §3): with a token, it is the invited user's "choose your password" form.
 */
export default function PasswordEmailPage() {
  const [params] = useSearchParams();
  if (params.get('token')) return <PasswordResetPage invitation />;
  return <ForgotPassword />;
}

function ForgotPassword() {
  const { t } = useTranslation();
  const apiErrorText = useApiErrorText();
  const [params] = useSearchParams();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useAuthForm({ email: params.get('email') ?? '' }, { email: rules.email });

  const onSubmit = form.onSubmit(async ({ email }) => {
    setError(null);
    try {
      await request('/password-forgot', {
        method: 'POST',
        body: { data: { email: email.trim(), redirect_url: `${window.location.origin}/password/reset` } },
        ignoreUnauthorized: true,
      });
      setSent(true);
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors.email) form.setError('email', e.fieldErrors.email);
      else setError(apiErrorText(e));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="forgot-title">
      <Stack gap="md">
        <div>
          <Title order={2} id="forgot-title" size="h3">
            {t('auth:forgot.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('auth:forgot.intro')}
          </Text>
        </div>
        {sent ? (
          <Alert color="teal" role="status" data-testid="forgot-sent">
            {t('auth:forgot.sent')}
          </Alert>
        ) : null}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <TextInput
          label={t('auth:forgot.email')}
          type="email"
          autoComplete="email"
          required
          autoFocus
          {...form.field('email')}
        />
        <Button type="submit" loading={form.submitting} fullWidth>
          {t('auth:forgot.submit')}
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('auth:forgot.back')}
        </Anchor>
      </Stack>
    </form>
  );
}
