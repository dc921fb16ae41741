import { Stack } from '@mantine/core';
import { useMe } from '../../app/AppData.tsx';
import SectionHome from '../../app/shell/SectionHome.tsx';
import { SalesFiguresSection } from './SalesFigures.tsx';

/** The sales home (/sales): the screens of the section, then this month's figures and the overdue invoices to whoever may list invoices. */
export default function SalesHomePage() {
  const { can } = useMe();
  return (
    <Stack gap="lg">
      <SectionHome />
      {can('view any sales invoices') ? <SalesFiguresSection withOverdue /> : null}
    </Stack>
  );
}
