import { Table } from '@mantine/core';
import type { Locale } from '@atelier/domain';
import { formatMoney } from '../lib/format.ts';

/** A line of a table of totals: its label, then its amount on the right (a total's or a balance's in bold). */
export function AmountRow({ label, amount, locale, testId, bold }: { label: string; amount: number; locale: Locale; testId?: string; bold?: boolean }) {
  const fw = bold ? 700 : undefined;
  return (
    <Table.Tr>
      <Table.Td fw={fw}>{label}</Table.Td>
      <Table.Td ta="right" fw={fw} data-testid={testId}>
        {formatMoney(amount, locale)}
      </Table.Td>
    </Table.Tr>
  );
}
