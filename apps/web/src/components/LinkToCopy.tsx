import { Button, CopyButton, Group, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * A link made for someone outside (a customer's approval link, a shared report), shown once: read
 * only, selected on focus, with a copy button that says when it has copied. Test ids:
 * `${testId}-url` and `${testId}-copy`.
 */
export function LinkToCopy({ url, label, copy, copied, testId }: { url: string; label: string; copy: string; copied: string; testId: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput label={label} value={url} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} data-testid={`${testId}-url`} />
      <CopyButton value={url}>
        {({ copied: done, copy: run }) => (
          <Button size="sm" variant={done ? 'filled' : 'default'} color={done ? 'teal.9' : undefined} leftSection={done ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={run} data-testid={`${testId}-copy`}>
            {done ? copied : copy}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
