import { Button } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { columnsOf, filtersOf } from '../../components/resource/declared.tsx';
import { DateFilter, RelationFilter, type FilterAccess } from '../../components/resource/ListFilters.tsx';
import { ResourceList } from '../../components/resource/ResourceList.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { appraisalHref, type Appraisal } from './appraisalModel.ts';
import { dollars, kilometres } from './format.ts';

/** The list's own filters: the vehicle and the period (the source is a declared filter). */
function AppraisalFilters(filter: FilterAccess) {
  const { t } = useTranslation();
  return (
    <>
      <RelationFilter type="vehicles" name="vehicle" label={t('appraisals:filter_vehicle')} {...filter} />
      <DateFilter name="created_from" label={t('appraisals:filter_from')} {...filter} />
      <DateFilter name="created_to" label={t('appraisals:filter_to')} {...filter} />
    </>
  );
}

/** /vehicles/appraisals: every estimate kept (issue 27), newest first, searchable by VIN, make or model. */
export default function AppraisalsPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <ResourceList<Appraisal>
      type="appraisals"
      include="user,vehicle"
      defaultSort="-created_at"
      search
      permissions={{ view: 'view appraisals' }}
      filters={filtersOf('appraisals', ['source'])}
      filterControls={(get, set) => <AppraisalFilters get={get} set={set} />}
      headerExtra={
        <Button component={Link} to="/vehicles/vehicle-estimate" leftSection={<IconCalculator size={16} />} variant="light">
          {t('appraisals:new')}
        </Button>
      }
      columns={columnsOf('appraisals', [
        { key: 'created_at', primary: true, linkTo: (r) => appraisalHref(r.id) },
        { key: 'vin', label: 'appraisals:vehicle', render: (r) => [r.year, r.make, r.model, r.series].filter(Boolean).join(' ') || r.vin || '—' },
        { key: 'mileage', render: (r) => kilometres(r.mileage, locale), visibleFrom: 'md' },
        'source',
        { key: 'offer', render: (r) => dollars(r.offer, locale) },
        { key: 'reconditioning_cents', visibleFrom: 'lg' },
        { key: 'user', visibleFrom: 'lg' },
      ])}
    />
  );
}
