import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

// The head of a work record's screen (an inspection, an estimate, a repair): the way back to its
// list, its code and state, its actions, then its facts and notices. One layout for the three.

export function WorkHeader({
  back,
  code,
  codeTestId,
  badge,
  actions,
  children,
}: {
  back: { to: string; label: string };
  code: string;
  codeTestId: string;
  badge: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <Anchor component={Link} to={back.to} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} />
          {back.label}
        </Group>
      </Anchor>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <Group gap="sm">
              <Title order={1} size="h2" ff="monospace" data-testid={codeTestId}>
                {code}
              </Title>
              {badge}
            </Group>
            <Group gap="xs" align="flex-start" wrap="wrap" justify="flex-end">
              {actions}
            </Group>
          </Group>
          {children}
        </Stack>
      </Paper>
    </>
  );
}

/** One fact of the header: its name above, its value (a dash when there is none). */
export function HeaderItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children || '—'}
      </Text>
    </div>
  );
}

/** A related record named by its code, opening its screen. */
export function RecordLink({ to, record, testId }: { to: string; record: { id: string; code?: unknown }; testId?: string }) {
  return (
    <Anchor component={Link} to={to} data-testid={testId}>
      {String(record.code ?? record.id)}
    </Anchor>
  );
}
