import { useCallback, useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, FileButton, Group, Image, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notify } from '../../app/notify.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconPhotoPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APPRAISAL_SOURCE_LABELS, crudPermissions, type RecordOf, inspectionWorkflow } from '@atelier/domain';
import { upload } from '../../api/client.ts';
import { useList } from '../../api/hooks.ts';
import { useFileSrc } from '../../components/useFileSrc.ts';
import { useMe } from '../../app/AppData.tsx';
import { useSelection } from '../../app/session.ts';
import { columnsOf, fieldsOf, filtersOf, labelKey } from '../../components/resource/declared.tsx';
import { type FormMode } from '../../components/resource/formModel.ts';
import { byFullName } from '../../components/resource/recordNames.tsx';
import { RecordSection } from '../../components/resource/RecordSection.tsx';
import { RecordForm } from '../../components/resource/RecordForm.tsx';
import { recordFormProps, ResourceList } from '../../components/resource/ResourceList.tsx';
import i18n, { currentLocale } from '../../i18n/index.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import type { Model } from '../../api/jsonapi.ts';
import { inspectionStateLabel } from '../inspections/inspectionModel.ts';
import { vehicleHistory, type HistoryKind } from './vehicleHistory.ts';
import { VehicleDeferredWork } from '../estimations/DeferredWork.tsx';
import { VehicleFollowUps } from '../follow-ups/VehicleFollowUps.tsx';
import { activeUsers, newRecordLocations, odometerText, PriorityBadge, vehicleName } from './common.tsx';
import { requestEnums } from './enums.ts';
import { VinField } from './VinField.tsx';
import type { DecodedField } from './vinMerge.ts';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { stateColor } from '../../components/resource/workflowState.ts';
import { WorkflowStateBadge } from '../../components/resource/WorkHeader.tsx';
import { RecordFiles } from '../files/RecordFiles.tsx';
import { appraisalHref, appraiseHref } from '../pricing/appraisalModel.ts';
import { dollars } from '../pricing/format.ts';

const P = crudPermissions('vehicles');
const LIST_INCLUDE = 'customer,mecanic,tags';
const INCLUDE = 'organization,allowedLocations,customer,mecanic,tags';
export const VEHICLES_PATH = '/vehicles/vehicles';
type Vehicle = RecordOf<'vehicles'>;
const vehicleHref = (id: string) => `${VEHICLES_PATH}?id=${encodeURIComponent(id)}&action=view`;

/** The VIN, with a warning badge when its check digit does not match (saved anyway, spec). */
function VinView({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Text ff="monospace">{vehicle.vin}</Text>
      {vehicle.vin_check_digit_valid === false ? (
        <Badge color="yellow" variant="light" leftSection={<IconAlertTriangle size={12} />} data-testid="vin-check-badge" tt="none">
          {t('vehicles:vin.check_digit_badge')}
        </Badge>
      ) : null}
    </Group>
  );
}

/** The fields of the vehicle form; `typed`: decoded fields the user typed by hand, kept over the last VIN decode. */
function vehicleFields(typed: readonly string[] = [], onTyped?: (fields: DecodedField[]) => void) {
  const decoded = (name: DecodedField) => ({ name, description: typed.includes(name) ? 'vehicles:vin.typed' : undefined });
  return fieldsOf('vehicles', [
    {
      name: 'vin',
      wide: true,
      input: (p) => <VinField {...p} hrefOf={vehicleHref} onTyped={onTyped} />,
      view: (v) => <VinView vehicle={v} />,
    },
    decoded('make'),
    decoded('model'),
    {
      name: 'model_year',
      // A year, not a quantity: no thousands separator ("2003", not "2 003").
      input: (p) => (
        <DecimalInput label={p.label} description={typed.includes('model_year') ? i18n.t('vehicles:vin.typed') : undefined} value={p.value as number | ''} onChange={p.onChange} error={p.error} name="model_year" decimals={0} allowNegative={false} />
      ),
      view: (v) => <Text>{v.model_year ? String(v.model_year) : '—'}</Text>,
    },
    decoded('series'),
    decoded('style'),
    decoded('engine_description'),
    decoded('fuel_type'),
    decoded('transmission'),
    decoded('drivetrain'),
    'class_code',
    'class_name',
    'sku',
    'registration_number',
    { name: 'odometer', view: (v) => <Text>{odometerText(v) || '—'}</Text> },
    'odometer_unit',
    'color',
    'customer',
    { name: 'mecanic', relation: activeUsers },
    { name: 'allowedLocations', wide: true },
    { name: 'tags', wide: true },
    // Given by the user's organization on create.
    { name: 'organization', readOnly: true, modes: ['view'] },
    'created_at',
    'updated_at',
  ]);
}

/** A picture served by the API (it needs the bearer token, so it is fetched, not linked). */
function Picture({ url, alt }: { url: string; alt: string }) {
  const src = useFileSrc(url);
  return <Image src={src} alt={alt} h={120} fit="cover" radius="sm" bg="gray.1" fallbackSrc={undefined} />;
}

function Pictures({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const qc = useQueryClient();
  const pictures = vehicle.pictures ?? [];
  const add = useMutation({
    mutationFn: (file: File) => upload('vehicles', vehicle.id, 'pictures', file),
    onSuccess: () => {
      notify({ color: 'teal', message: t('vehicles:pictures.added') });
      void qc.invalidateQueries({ queryKey: ['vehicles'] });
    },
  });
  return (
    <Stack gap="xs" mt="md">
      <Group justify="space-between">
        <Title order={3} size="h4">
          {t('vehicles:pictures.title')}
        </Title>
        {can(P.edit) ? (
          <FileButton onChange={(f) => f && add.mutate(f)} accept="image/*">
            {(props) => (
              <Button {...props} variant="light" size="compact-sm" leftSection={<IconPhotoPlus size={16} />} loading={add.isPending}>
                {t('vehicles:pictures.add')}
              </Button>
            )}
          </FileButton>
        ) : null}
      </Group>
      {pictures.length === 0 ? (
        <Text c="dimmed" size="sm">{t('vehicles:pictures.none')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {pictures.map((u, i) => (
            <Picture key={u} url={u} alt={t('vehicles:pictures.alt', { name: vehicleName(vehicle), n: i + 1 })} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** The requests made for this vehicle (real rows), when the user may see requests. */
function VehicleRequests({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const q = useList<RecordOf<'requests'>>('requests', { page: { number: 1, size: 10 }, sort: '-created_at', include: 'assignedTo', filter: { vehicle: vehicle.id } }, { meta: { silent: true } });
  const rows = q.data?.data ?? [];
  const locale = currentLocale();
  return (
    <RecordSection title={t('vehicles:history.requests')} count={rows.length} pending={q.isPending} empty={t('vehicles:history.no_requests')} small gap="xs" mt="md" testId="vehicle-requests">
      <Table>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Anchor component={Link} to={`/vehicles/requests?id=${r.id}&action=view`}>
                  {requestEnums.type(r.type)}
                </Anchor>
              </Table.Td>
              <Table.Td><WorkflowStateBadge type="requests" state={r.state} size="md" /></Table.Td>
              <Table.Td><PriorityBadge priority={r.priority} /></Table.Td>
              <Table.Td>{r.assignedTo ? byFullName(r.assignedTo) : ''}</Table.Td>
              <Table.Td c="dimmed">{formatDate(r.created_at, locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </RecordSection>
  );
}

/** The vehicle's appraisals (issue 27): when, what was offered, each opening its page. */
function VehicleAppraisals({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const q = useList<RecordOf<'appraisals'>>('appraisals', { page: { number: 1, size: 10 }, sort: '-created_at', filter: { vehicle: vehicle.id } }, { meta: { silent: true } });
  const rows = q.data?.data ?? [];
  const locale = currentLocale();
  return (
    <RecordSection
      title={t('vehicles:history.appraisals')}
      count={rows.length}
      pending={q.isPending}
      empty={t('vehicles:history.no_appraisals')}
      small
      gap="xs"
      mt="md"
      testId="vehicle-appraisals"
      after={
        can('view module vehicle estimations') ? (
          <Anchor component={Link} to={appraiseHref(vehicle.id)} size="sm" data-testid="vehicle-appraise">
            {t('vehicles:history.appraise')}
          </Anchor>
        ) : null
      }
    >
      <Table>
        <Table.Tbody>
          {rows.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>
                <Anchor component={Link} to={appraisalHref(a.id)}>
                  {formatDate(a.created_at, locale)}
                </Anchor>
              </Table.Td>
              <Table.Td>{APPRAISAL_SOURCE_LABELS[a.source][locale]}</Table.Td>
              <Table.Td>{a.inspection_score !== null ? t('vehicles:history.score', { score: a.inspection_score }) : ''}</Table.Td>
              <Table.Td ta="right">{dollars(a.offer, locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </RecordSection>
  );
}

const HISTORY_KINDS: readonly HistoryKind[] = ['inspections', 'estimations', 'repairs'];
const HISTORY_FIELDS: Record<HistoryKind, string> = {
  inspections: 'code,state,created_at,vehicle_score',
  estimations: 'code,state,created_at,total',
  repairs: 'code,state,created_at,total',
};
const HISTORY_BADGES: Record<HistoryKind, (state: string) => ReactNode> = {
  // The inspection screen's module is large: its badge is drawn from its model here.
  inspections: (s) => (
    <Badge size="sm" variant="light" color={stateColor(inspectionWorkflow, s)}>
      {inspectionStateLabel(s)}
    </Badge>
  ),
  estimations: (s) => <WorkflowStateBadge type="estimations" state={s} size="sm" />,
  repairs: (s) => <WorkflowStateBadge type="repairs" state={s} size="sm" />,
};

/** One kind of the vehicle's work (its list filtered by the vehicle), when the user may see that kind. */
function useVehicleWork(kind: HistoryKind, vehicleId: string, enabled: boolean) {
  return useList<Model>(kind, { page: { number: 1, size: 50 }, sort: '-created_at', fields: { [kind]: HISTORY_FIELDS[kind] }, filter: { vehicle: vehicleId } }, { enabled, meta: { silent: true } });
}

/** The vehicle's inspections (with their score), estimates and repairs, newest first, each opening its screen (issue 12). */
function VehicleHistory({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const locale = currentLocale();
  const allowed = (k: HistoryKind) => can(`view any ${k}`);
  const inspections = useVehicleWork('inspections', vehicle.id, allowed('inspections'));
  const estimations = useVehicleWork('estimations', vehicle.id, allowed('estimations'));
  const repairs = useVehicleWork('repairs', vehicle.id, allowed('repairs'));
  const reads = { inspections, estimations, repairs };
  const pending = HISTORY_KINDS.some((k) => allowed(k) && reads[k].isPending);
  const entries = vehicleHistory(Object.fromEntries(HISTORY_KINDS.map((k) => [k, reads[k].data?.data ?? []])));
  return (
    <RecordSection
      title={t('vehicles:history.title')}
      count={entries.length}
      pending={pending}
      empty={t('vehicles:history.none')}
      small
      gap="xs"
      testId="vehicle-history"
      emptyTestId="vehicle-history-empty"
      after={
        <>
          <VehicleDeferredWork vehicleId={vehicle.id} />
          <VehicleFollowUps vehicleId={vehicle.id} />
          {can('view any requests') ? <VehicleRequests vehicle={vehicle} /> : null}
          {can('view any appraisals') ? <VehicleAppraisals vehicle={vehicle} /> : null}
          <Pictures vehicle={vehicle} />
          <RecordFiles type="vehicles" id={vehicle.id} />
        </>
      }
    >
      <Table.ScrollContainer minWidth={480}>
        <Table data-testid="vehicle-history-list">
          <Table.Tbody>
            {entries.map((e) => (
              <Table.Tr key={`${e.kind}-${e.id}`} data-testid="vehicle-history-entry" data-kind={e.kind}>
                <Table.Td c="dimmed">{formatDate(e.at, locale)}</Table.Td>
                <Table.Td>{t(`vehicles:history.kinds.${e.kind}`)}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={e.href} ff="monospace">
                    {e.code || e.id}
                  </Anchor>
                </Table.Td>
                <Table.Td>{HISTORY_BADGES[e.kind](e.state)}</Table.Td>
                <Table.Td ta="right">
                  {e.score !== null ? t('vehicles:history.score', { score: e.score }) : e.total !== null ? formatMoney(e.total, locale) : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </RecordSection>
  );
}

export function VehicleRecord({ id, mode, onMode, onClose }: { id: string | null; mode: FormMode; onMode: (m: FormMode | null, id?: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { me, can } = useMe();
  const sel = useSelection();
  // Decoded fields the user typed by hand, kept over the last VIN decode (marked beside them).
  const [typed, setTyped] = useState<DecodedField[]>([]);
  const onTyped = useCallback((f: DecodedField[]) => setTyped((prev) => (prev.join() === f.join() ? prev : f)), []);
  // The spec's forbidden messages, before the server is even asked.
  const forbidden = mode === 'add' ? !can(P.create) : mode === 'edit' ? !can(P.edit) : !can(P.view) && !can(P.viewAny);
  if (forbidden) {
    return (
      <Alert color="red" title={t('vehicles:forbidden.title')} data-testid="vehicle-forbidden" withCloseButton onClose={onClose} closeButtonLabel={t('common:actions.close')}>
        {t(mode === 'add' ? 'vehicles:forbidden.add' : mode === 'edit' ? 'vehicles:forbidden.edit' : 'vehicles:forbidden.view')}
      </Alert>
    );
  }
  return (
    <RecordForm<Vehicle>
      type="vehicles"
      id={id}
      mode={mode}
      fields={vehicleFields(mode === 'add' ? typed : [], onTyped)}
      include={INCLUDE}
      titleOf={(v) => vehicleName(v)}
      permissions={{ edit: P.edit, delete: P.delete }}
      onMode={onMode}
      onClose={onClose}
      defaults={{ odometer_unit: 'km', allowedLocations: newRecordLocations(me, sel), tags: [] }}
      actions={(v) =>
        can('create requests') ? (
          <Button component={Link} to={`/vehicles/requests?action=add_quick_request&vehicle=${v.id}`} variant="default" data-testid="vehicle-new-request">
            {t('requests:quick_new')}
          </Button>
        ) : null
      }
    >
      {(v) => <VehicleHistory vehicle={v} />}
    </RecordForm>
  );
}

const YEARS = (() => {
  const last = new Date().getFullYear() + 1;
  return Array.from({ length: 40 }, (_, i) => String(last - i));
})();

export default function VehiclesPage() {
  const { can } = useMe();
  const mechanics = useList<RecordOf<'users'>>('users', { page: { number: 1, size: 100 }, sort: 'firstname', filter: { active: true } }, { global: false, enabled: can('view any users'), meta: { silent: true } });
  const columns = columnsOf('vehicles', [
    { key: 'vin', primary: true, render: (v) => <Text component="span" ff="monospace" size="sm">{v.vin}</Text> },
    { key: 'make', label: 'vehicles:list.vehicle', render: (v) => vehicleName(v) },
    { key: 'sku', label: 'vehicles:list.sku', visibleFrom: 'sm' },
    { key: 'registration_number', visibleFrom: 'md' },
    { key: 'odometer', render: (v) => odometerText(v), visibleFrom: 'md' },
    { key: 'customer', visibleFrom: 'lg' },
    { key: 'mecanic', visibleFrom: 'lg' },
    { key: 'tags', visibleFrom: 'lg' },
  ]);
  const filters = filtersOf('vehicles', [
    'fuel_type',
    { name: 'model_year', label: labelKey('vehicles', 'model_year'), options: YEARS.map((y) => ({ value: y, label: y, raw: true })) },
    ...(mechanics.data
      ? [{ name: 'mecanic', label: labelKey('vehicles', 'mecanic'), options: mechanics.data.data.map((u) => ({ value: u.id, label: byFullName(u), raw: true })) }]
      : []),
  ]);
  return (
    <ResourceList<Vehicle>
      type="vehicles"
      columns={columns}
      include={LIST_INCLUDE}
      filters={filters}
      permissions={{ create: P.create, view: P.view }}
      renderRecord={({ id, action, setAction, close }) => (
        <VehicleRecord
          {...recordFormProps({ id, action, setAction, close })}
        />
      )}
    />
  );
}
