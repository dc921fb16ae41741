import { Table } from '@mantine/core';
import { scaledToText, toScaled } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import { DecimalInput, type DecimalValue } from '../../components/DecimalInput.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';
import { TableHead } from '../../components/TableHead.tsx';

/** An order line as the dialogs read it. */
export interface QuantityLine {
  id: string;
  description?: string | null;
  quantity?: string | null;
  quantity_delivered?: string | null;
}

/** What is left to receive or deliver of a line, as a number for the input. */
export const leftOf = (line: QuantityLine) => {
  const left = toScaled(line.quantity ?? 0) - toScaled(line.quantity_delivered ?? 0);
  return left > 0n ? Number(scaledToText(left)) : 0;
};

/**
 * An order's lines with what each had (ordered, delivered) and an input of how many now: the
 * receive and deliver dialogs' table. Headers and the input's name are the caller's words.
 */
export function OrderQuantities({
  lines,
  countOf,
  onCount,
  headers,
  inputLabel,
  testId,
}: {
  lines: QuantityLine[];
  countOf: (line: QuantityLine) => DecimalValue;
  onCount: (line: QuantityLine, value: DecimalValue) => void;
  headers: { item: string; ordered: string; done: string; now: string };
  inputLabel: (n: number, line: QuantityLine) => string;
  testId: string;
}) {
  useTranslation();
  const locale = currentLocale();
  return (
    <Table>
      <TableHead columns={[headers.item, { title: headers.ordered, ta: 'right' }, { title: headers.done, ta: 'right' }, { title: headers.now, w: 130 }]} />
      <Table.Tbody>
        {lines.map((l, n) => (
          <Table.Tr key={l.id}>
            <Table.Td>{l.description}</Table.Td>
            <Table.Td ta="right">{formatNumber(Number(l.quantity), locale)}</Table.Td>
            <Table.Td ta="right">{formatNumber(Number(l.quantity_delivered), locale)}</Table.Td>
            <Table.Td>
              <DecimalInput aria-label={inputLabel(n + 1, l)} value={countOf(l)} onChange={(v) => onCount(l, v)} allowNegative={false} data-testid={`${testId}-${n}`} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
