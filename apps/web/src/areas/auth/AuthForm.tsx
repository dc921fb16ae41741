import type { FormEventHandler, ReactNode } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';

/** The frame of a sign-in step (sign in, code, forgotten password, new password): its title and intro, a notice, the error, then its fields. */
export function AuthForm({
  id,
  title,
  intro,
  notice,
  error,
  errorTestId,
  testId,
  onSubmit,
  children,
}: {
  /** Names the title's id (`<id>-title`), which labels the form. */
  id: string;
  title: string;
  intro: string;
  notice?: ReactNode;
  error: string | null;
  errorTestId?: string;
  testId?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
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
        {error ? (
          <Alert color="red" role="alert" data-testid={errorTestId}>
            {error}
          </Alert>
        ) : null}
        {children}
      </Stack>
    </form>
  );
}
