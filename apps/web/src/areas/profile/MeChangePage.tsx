import { useMemo, useRef, useState } from 'react';
import { Alert, Avatar, Button, FileButton, Group, Modal, Paper, PasswordInput, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { notify } from '../../app/notify.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { request, upload } from '../../api/client.ts';
import { ApiError } from '../../api/jsonapi.ts';
import { ME_INCLUDE } from '../../api/hooks.ts';
import { initials } from '../../api/types.ts';
import { useMe } from '../../app/AppData.tsx';
import { setLocale } from '../../app/session.ts';
import { PasswordRules } from '../../components/PasswordRules.tsx';
import { fieldsOf } from '../../components/resource/declared.tsx';
import { FieldInput } from '../../components/resource/FieldInput.tsx';
import { focusFirstError, useDirtyGuard } from '../../components/resource/formBehaviour.tsx';
import { documentOf, schemaOf, valuesOf } from '../../components/resource/formModel.ts';
import { passwordField, requiredString } from '../../lib/validation.ts';
import { useErrorText } from '../../lib/useFieldError.ts';
import { DialogFooter } from '../../components/DialogFooter.tsx';

const passwordSchema = z
  .object({ current_password: requiredString(), password: passwordField(), password_confirmation: z.string().min(1, 'validation:required') })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: 'validation:password_mismatch' });

function usePatchMe() {
  const qc = useQueryClient();
  const { me } = useMe();
  return (attributes: Record<string, unknown>) =>
    request(`/me`, { method: 'PATCH', params: { include: ME_INCLUDE }, body: { data: { type: 'users', id: me.id, attributes } } }).then(() =>
      qc.invalidateQueries({ queryKey: ['me'] }),
    );
}

function setServerErrors(e: unknown, setError: (name: never, err: { message: string }) => void, names: string[], root: HTMLElement | null): string | null {
  if (!(e instanceof ApiError)) return null;
  let placed = false;
  for (const [n, m] of Object.entries(e.fieldErrors)) {
    if (names.includes(n)) {
      setError(n as never, { message: m });
      placed = true;
    }
  }
  focusFirstError(root);
  return placed ? null : e.message;
}

/** The user's own identity: the fields of the users declaration. */
const profileFields = () => fieldsOf('users', ['firstname', 'lastname', 'email', 'locale']);

function ProfileForm() {
  const { t } = useTranslation();
  const { me } = useMe();
  const patch = usePatchMe();
  const ref = useRef<HTMLFormElement>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const fields = useMemo(profileFields, []);
  const form = useForm<FieldValues>({ resolver: zodResolver(schemaOf(fields, 'edit') as never) as never, defaultValues: valuesOf(fields, me) });
  const save = useMutation({
    meta: { form: true },
    mutationFn: (v: FieldValues) => patch(documentOf(fields, v, 'edit').attributes),
    onSuccess: (_r, v) => {
      form.reset(v);
      setLocale(String(v.locale));
      notify({ color: 'teal', message: t('common:form.saved') });
    },
    onError: (e) => setGeneral(setServerErrors(e, form.setError as never, ['firstname', 'lastname', 'email', 'locale'], ref.current)),
  });
  const guard = useDirtyGuard(form.formState.isDirty && !save.isPending);
  const values = form.watch();
  return (
    <Paper withBorder p="lg" radius="md" component="form" ref={ref} onSubmit={form.handleSubmit((v) => save.mutate(v), () => focusFirstError(ref.current))} noValidate>
      {guard}
      <Title order={2} size="h4" mb="md">
        {t('profile:sections.identity')}
      </Title>
      {general ? <Alert color="red" mb="md">{general}</Alert> : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {fields.map((f) => (
          <FieldInput key={f.name} field={f} mode="edit" form={form} values={values} known={[]} />
        ))}
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={save.isPending} data-testid="profile-save">
          {t('common:actions.save')}
        </Button>
      </Group>
    </Paper>
  );
}

function PictureForm() {
  const { t } = useTranslation();
  const { me } = useMe();
  const patch = usePatchMe();
  const save = useMutation({
    mutationFn: async (file: File) => {
      const { url } = await upload('users', me.id, 'profile_image', file);
      if (url) await patch({ profile_image: url });
    },
    onSuccess: () => notify({ color: 'teal', message: t('common:form.saved') }),
  });
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="md">
        {t('profile:sections.picture')}
      </Title>
      <Group>
        <Avatar src={me.profile_image || null} size="xl" radius="xl" color="blue.8" variant="filled" alt="">
          {initials(me)}
        </Avatar>
        <FileButton onChange={(f) => f && save.mutate(f)} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button variant="default" loading={save.isPending} {...props}>
              {t('profile:picture.choose')}
            </Button>
          )}
        </FileButton>
        {me.profile_image ? (
          <Button variant="subtle" color="red.9" onClick={() => patch({ profile_image: null })}>
            {t('profile:picture.remove')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const errText = useErrorText();
  const patch = usePatchMe();
  const ref = useRef<HTMLFormElement>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const form = useForm<z.infer<typeof passwordSchema>>({ resolver: zodResolver(passwordSchema), defaultValues: { current_password: '', password: '', password_confirmation: '' } });
  const save = useMutation({
    meta: { form: true },
    mutationFn: (v: z.infer<typeof passwordSchema>) => patch(v),
    onSuccess: () => {
      form.reset();
      notify({ color: 'teal', message: t('profile:password.changed') });
    },
    onError: (e) => setGeneral(setServerErrors(e, form.setError as never, ['current_password', 'password', 'password_confirmation'], ref.current)),
  });
  const password = form.watch('password');
  return (
    <Paper withBorder p="lg" radius="md" component="form" ref={ref} onSubmit={form.handleSubmit((v) => save.mutate(v), () => focusFirstError(ref.current))} noValidate>
      <Title order={2} size="h4" mb="md">
        {t('profile:sections.password')}
      </Title>
      {general ? <Alert color="red" mb="md">{general}</Alert> : null}
      <Stack>
        <PasswordInput label={t('profile:password.current')} required autoComplete="current-password" {...form.register('current_password')} error={errText(form.formState.errors.current_password?.message)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordInput label={t('profile:password.new')} required autoComplete="new-password" aria-describedby="me-password-rules" {...form.register('password')} error={errText(form.formState.errors.password?.message)} />
          <PasswordInput label={t('profile:password.confirmation')} required autoComplete="new-password" {...form.register('password_confirmation')} error={errText(form.formState.errors.password_confirmation?.message)} />
        </SimpleGrid>
        <PasswordRules value={password} id="me-password-rules" />
      </Stack>
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={save.isPending}>
          {t('profile:password.submit')}
        </Button>
      </Group>
    </Paper>
  );
}

/** Two-factor on or off; turning it off asks for the current password (the server requires it). */
function TwoFactor() {
  const { t } = useTranslation();
  const { me } = useMe();
  const qc = useQueryClient();
  const errText = useErrorText();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setAsking(false);
    setPassword('');
    setError(null);
  };
  const toggle = useMutation({
    meta: { form: true },
    mutationFn: (current_password?: string) => request('/me/toggle-two-fa', { method: 'POST', body: current_password ? { current_password } : undefined }),
    onSuccess: () => {
      close();
      void qc.invalidateQueries({ queryKey: ['me'] });
      notify({ color: 'teal', message: t('common:form.saved') });
    },
    onError: (e) => setError(e instanceof ApiError ? (e.fieldErrors.current_password ?? e.message) : String(e)),
  });
  const on = Boolean(me.two_factor_enabled);
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="xs">
        {t('profile:sections.two_factor')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('profile:two_factor.help')}
      </Text>
      <Switch
        label={t('admin:fields.two_factor')}
        checked={on}
        onChange={() => (on ? setAsking(true) : toggle.mutate(undefined))}
        disabled={toggle.isPending}
        data-testid="toggle-two-fa"
      />
      <Modal opened={asking} onClose={close} title={t('profile:two_factor.off_title')} centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            toggle.mutate(password);
          }}
        >
          <Text size="sm" mb="md">
            {t('profile:two_factor.off_help')}
          </Text>
          <PasswordInput
            label={t('profile:password.current')}
            required
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errText(error ?? undefined)}
            data-autofocus
            data-testid="two-fa-current-password"
          />
          <DialogFooter onCancel={close} mt="md">
            <Button type="submit" color="red.8" loading={toggle.isPending} disabled={!password} data-testid="two-fa-off-confirm">
              {t('profile:two_factor.off_submit')}
            </Button>
          </DialogFooter>
        </form>
      </Modal>
    </Paper>
  );
}

/** /me/change: names, e-mail, locale, picture, password and two-factor. */
export default function MeChangePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={900}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('profile:change_title')}
        </Title>
        <Button component={Link} to="/me/view" variant="default">
          {t('profile:back')}
        </Button>
      </Group>
      <ProfileForm />
      <PictureForm />
      <PasswordForm />
      <TwoFactor />
    </Stack>
  );
}
