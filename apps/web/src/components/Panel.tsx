import type { ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';

/** A bordered part of a settings screen (the pricing API's docs and keys, the frame's snippet, a callback's secret): its heading, then what it holds. */
export function Panel({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
