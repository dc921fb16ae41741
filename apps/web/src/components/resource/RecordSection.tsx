import { Stack, Text, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled part of a record's page listing records linked to it (a location's users, a customer's
 * vehicles): nothing while they load, why they cannot be read, the message saying there are none,
 * or its rows; then `after` (a link to the whole list, a way to link one more).
 */
export function RecordSection({
  title,
  count,
  empty,
  pending = false,
  unavailable = null,
  small = false,
  gap = 'sm',
  mt = 'lg',
  testId,
  emptyTestId,
  after,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  pending?: boolean;
  /** The message shown when the list could not be read. */
  unavailable?: string | null;
  /** Its messages in small print (a section among others in a record's lead). */
  small?: boolean;
  gap?: MantineSpacing;
  mt?: MantineSpacing | 0;
  testId?: string;
  emptyTestId?: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  const size = small ? 'sm' : undefined;
  return (
    <Stack gap={gap} mt={mt} data-testid={testId}>
      <Title order={3} size="h4">
        {title}
      </Title>
      {pending ? null : unavailable ? (
        <Text c="dimmed" size={size}>
          {unavailable}
        </Text>
      ) : count === 0 ? (
        <Text c="dimmed" size={size} data-testid={emptyTestId}>
          {empty}
        </Text>
      ) : (
        children
      )}
      {after}
    </Stack>
  );
}
