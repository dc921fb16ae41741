import { Button } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INSPECTION_DONE_STATES, type RecordOf } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { useList } from '../../api/hooks.ts';
import { useMe } from '../../app/AppData.tsx';
import { estimateHref } from './estimationModel.ts';

type Inspection = RecordOf<'inspections'>;
/** What it reads of the inspection screen's record. */
type InspectionRead = Pick<Inspection, 'id'> & Partial<Pick<Inspection, 'state' | 'vehicle' | 'customer'>>;
type Estimation = RecordOf<'estimations'>;

/**
 * On an inspection's screen: the link to its estimate when it has one; else, once the inspection is
 * done, "Créer une estimation", which drafts the estimate from the inspection's findings (the
 * server makes its items) and opens it.
 */
export function InspectionEstimation({ inspection }: { inspection: InspectionRead }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const canView = can('view any estimations');
  // Only its code and state are read (fields[estimations]).
  const existing = useList<Pick<Estimation, 'id' | 'type' | 'code' | 'state'>>(
    'estimations',
    { page: { number: 1, size: 1 }, sort: '-created_at', fields: { estimations: 'code,state' }, filter: { inspection: inspection.id, state: ['draft', 'pending', 'assigned', 'in_progress', 'completed', 'approved', 'reviewed', 'denied'] } },
    { enabled: canView, meta: { silent: true } },
  );
  const create = useMutation({
    mutationFn: () =>
      api.create<Estimation>({
        type: 'estimations',
        attributes: { type: 'customer' },
        relationships: {
          inspection: { type: 'inspections', value: inspection.id },
          ...(inspection.vehicle ? { vehicle: { type: 'vehicles', value: inspection.vehicle.id } } : {}),
          ...(inspection.customer ? { customer: { type: 'customers', value: inspection.customer.id } } : {}),
        },
      }),
    onSuccess: (made) => {
      void qc.invalidateQueries({ queryKey: ['estimations'] });
      navigate(estimateHref(made.id));
    },
  });
  const found = existing.data?.data[0];
  if (found)
    return (
      <Button component={Link} to={estimateHref(found.id)} size="md" variant="light" leftSection={<IconFileInvoice size={18} />} data-testid="inspection-estimation-link">
        {t('estimations:from_inspection.open', { code: String(found.code ?? '') })}
      </Button>
    );
  if (!(INSPECTION_DONE_STATES as readonly string[]).includes(String(inspection.state)) || !can('create estimations') || (canView && existing.isPending)) return null;
  return (
    <Button size="md" color="teal.9" leftSection={<IconFileInvoice size={18} />} loading={create.isPending} onClick={() => create.mutate()} data-testid="inspection-create-estimation">
      {t('estimations:from_inspection.create')}
    </Button>
  );
}
