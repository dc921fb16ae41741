import { lazy, Suspense, useState } from 'react';
import { PasswordInput, TextInput } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthForm } from './AuthForm.tsx';
import { request } from '../../api/request.ts';
import { ApiError } from '../../api/jsonapi.ts';
import { setToken } from '../../app/session.ts';
import { rules, useAuthForm } from './useAuthForm.ts';

// The two-factor step loads when a sign-in asks for it, not with the sign-in page.
const VerifyStep = lazy(() => import('./VerifyStep.tsx').then((m) => ({ default: m.VerifyStep })));

export interface TokenResponse {
  access_token?: string;
  token_type?: string;
  expires_in?: number;
  success?: boolean;
  two_factor?: boolean;
}

/** Where to go after signing in: the redirect target when it is a path of this app. */
export function safeRedirect(target: string | null): string {
  if (target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login')) return target;
  return '/dashboard';
}

export function useSignedIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (token: string) => {
    setToken(token);
    navigate(safeRedirect(params.get('redirect')), { replace: true });
  };
}

export default function LoginPage() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const [twoFactorEmail, setTwoFactorEmail] = useState<string | null>(null);
  const form = useAuthForm({ email: '', password: '' }, { email: rules.email, password: rules.required });

  const onSubmit = form.onSubmit(async (values) => {
    try {
      const res = await request<TokenResponse>('/login', {
        method: 'POST',
        body: { email: values.email.trim(), password: values.password },
        ignoreUnauthorized: true,
      });
      if (res?.access_token) signedIn(res.access_token);
      else if (res?.two_factor || res?.success) setTwoFactorEmail(values.email.trim());
      else form.fail(null);
    } catch (e) {
      if (e instanceof ApiError) {
        const fields = e.fieldErrors;
        for (const [name, message] of Object.entries(fields)) {
          if (name === 'email' || name === 'password') form.setError(name, message);
        }
        if (e.generalErrors.length > 0 || Object.keys(fields).length === 0) form.fail(e);
      } else form.fail(null);
    }
  });

  if (twoFactorEmail) {
    return (
      <Suspense fallback={null}>
        <VerifyStep email={twoFactorEmail} onSignedIn={signedIn} onBack={() => setTwoFactorEmail(null)} />
      </Suspense>
    );
  }

  return (
    <AuthForm
      submit={t('auth:login.submit')}
      link={{ to: '/password/email', label: t('auth:login.forgot') }}
      id="login"
      title={t('auth:login.title')}
      intro={t('auth:login.subtitle')}
      form={form}
      errorTestId="login-error"
      onSubmit={onSubmit}
    >
      <TextInput
        label={t('auth:login.email')}
        type="email"
        autoComplete="username"
        required
        autoFocus
        {...form.field('email')}
      />
      <PasswordInput
        label={t('auth:login.password')}
        autoComplete="current-password"
        required
        {...form.field('password')}
      />
    </AuthForm>
  );
}
