import { inspectionWorkflow, type RecordOf } from '@atelier/domain';
import { useMemo } from 'react';
import { useMe } from '../../app/AppData.tsx';
import { fieldsOf } from '../../components/resource/declared.tsx';
import { RecordDetails } from '../../components/resource/RecordDetails.tsx';
import i18n, { currentLocale } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';

type Inspection = RecordOf<'inspections'>;

/** "12 sur 40", "12 of 40". */
function pointsText(r: Inspection): string {
  if (r.points === null || r.points === undefined) return '—';
  const locale = currentLocale();
  return i18n.t('inspections:page.points', { points: formatNumber(Number(r.points), locale), max: formatNumber(Number(r.max_points ?? 0), locale) });
}

/** "12,6" in French: a decimal attribute comes as a string. */
const volts = (r: Inspection) => (r.battery_volts === null || r.battery_volts === undefined ? '—' : formatNumber(Number(r.battery_volts), currentLocale()));

/** The fields; the approver is named by whoever may assign (the server's rule): the others read it. */
const detailsOf = (mayAssign: boolean) =>
  fieldsOf('inspections', [
    'odometer',
    'tire_type',
    'tire_season',
    'battery_charge',
    'battery_amps',
    { name: 'battery_volts', view: volts },
    { name: 'approver', readOnly: !mayAssign || undefined },
    { name: 'points', view: pointsText },
  ]);

/**
 * What spec §3 shows of an inspection beside its form: the odometer, tires and battery read on the
 * vehicle, who is to approve it, its points. Edited in place while the inspection may be edited.
 */
export function InspectionDetails({ inspection }: { inspection: Pick<Inspection, 'id' | 'state'> }) {
  const { can } = useMe();
  const mayAssign = can(inspectionWorkflow.permissions.assign);
  const fields = useMemo(() => detailsOf(mayAssign), [mayAssign]);
  return (
    <RecordDetails<Inspection>
      type="inspections"
      id={inspection.id}
      fields={fields}
      title="inspections:page.details"
      editPermission={inspectionWorkflow.isEditable(inspection.state) ? 'edit inspections' : null}
    />
  );
}
