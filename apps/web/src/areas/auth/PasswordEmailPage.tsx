import { useState } from 'react';
import { Alert, TextInput } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthForm } from './AuthForm.tsx';
import { request } from '../../api/request.ts';
import { ApiError } from '../../api/jsonapi.ts';
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
  const [params] = useSearchParams();
  const [sent, setSent] = useState(false);
  const form = useAuthForm({ email: params.get('email') ?? '' }, { email: rules.email });

  const onSubmit = form.onSubmit(async ({ email }) => {
    try {
      await request('/password-forgot', {
        method: 'POST',
        body: { data: { email: email.trim(), redirect_url: `${window.location.origin}/password/reset` } },
        ignoreUnauthorized: true,
      });
      setSent(true);
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors.email) form.setError('email', e.fieldErrors.email);
      else form.fail(e);
    }
  });

  return (
    <AuthForm
      submit={t('auth:forgot.submit')}
      link={{ to: '/login', label: t('auth:forgot.back') }}
      id="forgot"
      title={t('auth:forgot.title')}
      intro={t('auth:forgot.intro')}
      form={form}
      onSubmit={onSubmit}
      notice={
        sent ? (
          <Alert color="teal" role="status" data-testid="forgot-sent">
            {t('auth:forgot.sent')}
          </Alert>
        ) : null
      }
    >
      <TextInput
        label={t('auth:forgot.email')}
        type="email"
        autoComplete="email"
        required
        autoFocus
        {...form.field('email')}
      />
    </AuthForm>
  );
}
