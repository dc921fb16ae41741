import { useState } from 'react';
import { Alert, Button, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { notify } from '../../app/notify.tsx';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthForm } from './AuthForm.tsx';
import { request } from '../../api/request.ts';
import { ApiError } from '../../api/jsonapi.ts';
import { PasswordRules } from '../../components/PasswordRules.tsx';
import { useSignedIn, type TokenResponse } from './LoginPage.tsx';
import { VerifyStep } from './VerifyStep.tsx';
import { rules, useAuthForm } from './useAuthForm.ts';

const confirmationRule = (v: string, values: { password: string }) => rules.required(v) ?? (v === values.password ? null : 'validation:password_mismatch');

/**
 * Choose a password from an e-mailed link (?token=&email=), with the rules shown live. Two links
 * end here: a password reset (/password/reset), after which the user signs in again, and an
 * invitation (/password/email?token=…&invitation=1, the spec's target of invitation links), after
 * which the new user is signed in at once (with the two-factor step if the account has it).
 */
export default function PasswordResetPage({ invitation: asInvitation = false }: { invitation?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = asInvitation || params.get('invitation') === '1';
  const linkedEmail = params.get('email') ?? '';
  const mode = invitation ? 'invitation' : 'reset';
  const [expired, setExpired] = useState(false);
  const [twoFactorEmail, setTwoFactorEmail] = useState<string | null>(null);
  const form = useAuthForm(
    { email: linkedEmail, password: '', password_confirmation: '' },
    { email: rules.email, password: rules.password, password_confirmation: confirmationRule },
  );

  /** The new user goes straight in: the password just chosen signs them in. */
  const signIn = async (email: string, pass: string) => {
    try {
      const res = await request<TokenResponse>('/login', { method: 'POST', body: { email, password: pass }, ignoreUnauthorized: true });
      if (res?.access_token) return signedIn(res.access_token);
      if (res?.two_factor || res?.success) return setTwoFactorEmail(email);
    } catch {
      // Signing in is a convenience here: the password is set, the login page still works.
    }
    navigate('/login', { replace: true });
  };

  const onSubmit = form.onSubmit(async (values) => {
    const email = values.email.trim();
    try {
      await request('/password-reset', { method: 'POST', body: { data: { ...values, email, token } }, ignoreUnauthorized: true });
      notify({ color: 'teal', message: t(`auth:${mode}.done`) });
      if (invitation) await signIn(email, values.password);
      else navigate('/login', { replace: true });
    } catch (e) {
      if (e instanceof ApiError) {
        const fields = e.fieldErrors;
        if (fields.token) return setExpired(true);
        let placed = false;
        for (const name of ['email', 'password', 'password_confirmation'] as const) {
          if (fields[name]) {
            form.setError(name, fields[name]);
            placed = true;
          }
        }
        if (!placed) form.fail(e);
      } else form.fail(e);
    }
  });

  if (twoFactorEmail) return <VerifyStep email={twoFactorEmail} onSignedIn={signedIn} onBack={() => navigate('/login', { replace: true })} />;

  const forgotHref = `/password/email${linkedEmail ? `?email=${encodeURIComponent(linkedEmail)}` : ''}`;
  if (expired || !token) {
    return (
      <Stack gap="md" data-testid="link-invalid">
        <Title order={2} size="h3">
          {t(`auth:${mode}.title`)}
        </Title>
        <Alert color="orange" role="alert" title={token ? t(`auth:${mode}.invalid_title`) : t('auth:link.missing')}>
          {t(`auth:${mode}.invalid_help`)}
        </Alert>
        <Stack gap="xs">
          <Button component={Link} to={forgotHref} fullWidth>
            {t('auth:link.new_link')}
          </Button>
          <Button component={Link} to="/login" variant="default" fullWidth>
            {t('auth:link.sign_in')}
          </Button>
        </Stack>
      </Stack>
    );
  }

  return (
    <AuthForm
      submit={t(`auth:${mode}.submit`)}
      link={{ to: '/login', label: t('auth:reset.back') }} id="reset" title={t(`auth:${mode}.title`)} intro={t(`auth:${mode}.intro`)} form={form} errorTestId="reset-error" testId={`choose-password-${mode}`} onSubmit={onSubmit}>
      <TextInput
        label={t('auth:reset.email')}
        type="email"
        autoComplete="username"
        required
        readOnly={invitation && Boolean(linkedEmail)}
        {...form.field('email')}
      />
      <PasswordInput
        label={t(invitation ? 'auth:invitation.password' : 'auth:reset.password')}
        autoComplete="new-password"
        required
        autoFocus
        aria-describedby="password-rules"
        {...form.field('password')}
      />
      <PasswordRules value={form.values.password} id="password-rules" />
      <PasswordInput
        label={t('auth:reset.confirmation')}
        autoComplete="new-password"
        required
        {...form.field('password_confirmation')}
      />
    </AuthForm>
  );
}
