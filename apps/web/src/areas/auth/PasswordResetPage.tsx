import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client.ts';
import { ApiError } from '../../api/jsonapi.ts';
import { PasswordRules } from '../../components/PasswordRules.tsx';
import { emailField, passwordField } from '../../lib/validation.ts';
import { useErrorText } from '../../lib/useFieldError.ts';
import { useApiErrorText } from './useApiErrorText.ts';

const schema = z
  .object({ email: emailField(), password: passwordField(), password_confirmation: z.string().min(1, 'validation:required') })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: 'validation:password_mismatch' });
type Values = z.infer<typeof schema>;

/** Reset password from the e-mailed link (?token=&email=), with the rules shown live. */
export default function PasswordResetPage() {
  const { t } = useTranslation();
  const errText = useErrorText();
  const apiErrorText = useApiErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: params.get('email') ?? '', password: '', password_confirmation: '' },
  });
  const password = form.watch('password');

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await request('/password-reset', { method: 'POST', body: { data: { ...values, email: values.email.trim(), token } }, ignoreUnauthorized: true });
      notifications.show({ color: 'teal', message: t('auth:reset.done') });
      navigate('/login', { replace: true });
    } catch (e) {
      if (e instanceof ApiError) {
        const fields = e.fieldErrors;
        let placed = false;
        for (const name of ['email', 'password', 'password_confirmation'] as const) {
          if (fields[name]) {
            form.setError(name, { message: fields[name] });
            placed = true;
          }
        }
        if (!placed) setError(apiErrorText(e));
      } else setError(apiErrorText(e));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="reset-title">
      <Stack gap="md">
        <div>
          <Title order={2} id="reset-title" size="h3">
            {t('auth:reset.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('auth:reset.intro')}
          </Text>
        </div>
        {!token ? (
          <Alert color="orange" role="alert">
            {t('auth:reset.missing_token')}
          </Alert>
        ) : null}
        {error ? (
          <Alert color="red" role="alert" data-testid="reset-error">
            {error}
          </Alert>
        ) : null}
        <TextInput
          label={t('auth:reset.email')}
          type="email"
          autoComplete="username"
          required
          {...form.register('email')}
          error={errText(form.formState.errors.email?.message)}
        />
        <PasswordInput
          label={t('auth:reset.password')}
          autoComplete="new-password"
          required
          autoFocus
          aria-describedby="password-rules"
          {...form.register('password')}
          error={errText(form.formState.errors.password?.message)}
        />
        <PasswordRules value={password} id="password-rules" />
        <PasswordInput
          label={t('auth:reset.confirmation')}
          autoComplete="new-password"
          required
          {...form.register('password_confirmation')}
          error={errText(form.formState.errors.password_confirmation?.message)}
        />
        <Button type="submit" loading={form.formState.isSubmitting} disabled={!token} fullWidth>
          {t('auth:reset.submit')}
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('auth:reset.back')}
        </Anchor>
      </Stack>
    </form>
  );
}
