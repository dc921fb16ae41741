import { Card, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** A key figure as a card opening the records it counts (the sales and service figures). */
export function FigureCard({ label, value, help, testId, to }: { label: string; value: string; help: string; testId: string; to: string }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId} component={Link} to={to}>
      <Stack gap={4}>
        <Text c="dimmed" size="sm" fw={600}>
          {label}
        </Text>
        <Text fz={28} fw={700} data-testid={`${testId}-value`}>
          {value}
        </Text>
        <Text c="dimmed" size="xs">
          {help}
        </Text>
      </Stack>
    </Card>
  );
}
