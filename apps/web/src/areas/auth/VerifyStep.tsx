import { useState } from 'react';
import { Anchor, Button, Group, TextInput } from '@mantine/core';
import { notify } from '../../app/notify.tsx';
import { useTranslation } from 'react-i18next';
import { AuthForm } from './AuthForm.tsx';
import { request } from '../../api/request.ts';
import { ApiError } from '../../api/jsonapi.ts';
import type { TokenResponse } from './LoginPage.tsx';
import { useAuthForm } from './useAuthForm.ts';

const codeRule = (v: string) => (/^\d{6}$/.test(v.trim()) ? null : 'validation:code_format');

/** Second step of a two-factor sign-in: the 6-digit code e-mailed to the user, with "resend". */
export function VerifyStep({ email, onSignedIn, onBack }: { email: string; onSignedIn: (token: string) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const [resending, setResending] = useState(false);
  const form = useAuthForm({ code: '' }, { code: codeRule });

  const onSubmit = form.onSubmit(async ({ code }) => {
    try {
      const res = await request<TokenResponse>('/verify', { method: 'POST', body: { email, code: code.trim() }, ignoreUnauthorized: true });
      if (res?.access_token) onSignedIn(res.access_token);
      else form.fail(null);
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors.code && e.generalErrors.length === 0) form.setError('code', e.fieldErrors.code);
      else form.fail(e);
    }
  });

  const resend = async () => {
    form.clearFailure();
    setResending(true);
    try {
      await request('/verify/resend', { method: 'POST', body: { email }, ignoreUnauthorized: true });
      notify({ color: 'teal', message: t('auth:verify.resent') });
    } catch (e) {
      form.fail(e);
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthForm
      submit={t('auth:verify.submit')}
      after={
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            {t('auth:verify.back')}
          </Anchor>
          <Button variant="subtle" size="compact-sm" onClick={resend} loading={resending}>
            {t('auth:verify.resend')}
          </Button>
        </Group>
      }
      id="verify"
      title={t('auth:verify.title')}
      intro={t('auth:verify.intro', { email })}
      form={form}
      errorTestId="verify-error"
      onSubmit={onSubmit}
    >
      <TextInput
        label={t('auth:verify.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        autoFocus
        styles={{ input: { letterSpacing: '0.4em', fontSize: 20 } }}
        {...form.field('code')}
      />
    </AuthForm>
  );
}
