import { Table } from '@mantine/core';

/** A column of a table's head: its title, and how it sits when not as the default (amounts to the right, a fixed width). */
interface HeadColumn {
  title: string;
  ta?: 'right';
  w?: number;
}

/** The head of a plain table: one row of column titles (an empty title for a column of buttons). */
export function TableHead({ columns }: { columns: readonly (string | HeadColumn)[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, i) => {
          const { title, ...style } = typeof column === 'string' ? { title: column } : column;
          return (
            <Table.Th key={i} {...style}>
              {title}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}
