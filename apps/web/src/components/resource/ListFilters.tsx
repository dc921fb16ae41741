import { Box, TextInput } from '@mantine/core';
import { relationOf } from './recordNames.tsx';
import { RelationSelect, singleId } from './RelationSelect.tsx';

// A list's own filter controls (ResourceList's filterControls), each reading and writing its
// filter in the URL; the test id is filter-<name>.

/** What a control reads and writes: a filter's value, or none. */
export interface FilterAccess {
  get: (name: string) => string | undefined;
  set: (name: string, value: string | null) => void;
}

/** A filter by one record of `type`; its test id is filter-<testId>, the filter's name unless given. */
export function RelationFilter({ type, name, label, get, set, w = 240, testId = name }: FilterAccess & { type: string; name: string; label: string; w?: number; testId?: string }) {
  return (
    <Box w={w} data-testid={`filter-${testId}`}>
      <RelationSelect relation={relationOf(type)} label={label} value={get(name) ?? null} onChange={(v) => set(name, singleId(v))} name={name} />
    </Box>
  );
}

/** A filter by a day. */
export function DateFilter({ name, label, get, set }: FilterAccess & { name: string; label: string }) {
  return <TextInput type="date" label={label} w={170} value={get(name) ?? ''} onChange={(e) => set(name, e.currentTarget.value || null)} data-testid={`filter-${name}`} />;
}
