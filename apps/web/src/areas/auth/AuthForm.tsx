import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';

/**
 * The frame of a sign-in step (sign in, code, forgotten password, new password): its title and intro, a notice,
 * the error, its fields, its submit button, then the link away from it (or what `after` gives).
 */
export function AuthForm({
  id,
  title,
  intro,
  notice,
  form,
  errorTestId,
  testId,
  onSubmit,
  submit,
  link,
  after,
  children,
}: {
  /** Names the title's id (`<id>-title`), which labels the form. */
  id: string;
  title: string;
  intro: string;
  notice?: ReactNode;
  /** The form's state (useAuthForm): submitting, and why it failed. */
  form: { submitting: boolean; failure: string | null };
  errorTestId?: string;
  testId?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The submit button's text. */
  submit: string;
  link?: { to: string; label: string };
  /** What follows the button when it is not one link. */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} data-testid={testId}>
      <Stack gap="md">
        <div>
          <Title order={2} id={`${id}-title`} size="h3">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        </div>
        {notice}
        {form.failure ? (
          <Alert color="red" role="alert" data-testid={errorTestId}>
            {form.failure}
          </Alert>
        ) : null}
        {children}
        <Button type="submit" loading={form.submitting} fullWidth>
          {submit}
        </Button>
        {link ? (
          <Anchor component={Link} to={link.to} size="sm" ta="center">
            {link.label}
          </Anchor>
        ) : null}
        {after}
      </Stack>
    </form>
  );
}
