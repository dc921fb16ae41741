import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ITEM_CONDITIONS, ITEM_CONDITION_LABELS, REPAIR_ITEM_STATES, REPAIR_ITEM_STATE_LABELS, REPAIR_MODES, REPAIR_MODE_LABELS, repairWorkflow, type RecordOf, type RepairAction } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api, request } from '../../api/client.ts';
import { useRecord } from '../../api/hooks.ts';
import { refusalOf } from '../../api/refusal.ts';
import { useMe } from '../../app/AppData.tsx';
import { DateTimeInput } from '../../components/DateTimeInput.tsx';
import { PromisedTime } from '../../components/PromisedTime.tsx';
import { fieldsOf, labelKey } from '../../components/resource/declared.tsx';
import { LinesView } from '../../components/resource/LineEditor.tsx';
import type { LinesConfig } from '../../components/resource/lines.ts';
import { byFullName } from '../../components/resource/recordNames.tsx';
import { WorkflowActions } from '../../components/resource/WorkflowActions.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { isOneOf } from '../../lib/enums.ts';
import { DetailsAndComments } from '../comments/DetailsAndComments.tsx';
import { RecordFiles } from '../files/RecordFiles.tsx';
import { PartStatusText, StockBadge, useStockAt } from '../inventory/StockAt.tsx';
import { OrderPartsButton } from '../purchases/OrderPartsButton.tsx';
import { InvoiceRepairButton } from '../sales/InvoiceRepairButton.tsx';
import { VehicleReadyButton } from '../messaging/VehicleReady.tsx';
import { savedTotals, TotalsTable } from '../estimations/EstimationItems.tsx';
import { formatDuration, formatWorkTime, hoursToSeconds, itemSeconds, nextRepairActions, overPlan, repairHeaderActions, timeSummary } from './repairModel.ts';
import { HeaderItem, PeopleItem, RelatedWork, WorkflowHeader } from '../../components/resource/WorkHeader.tsx';

const INCLUDE = 'items,items.supplier,items.product,allowedLocations,vehicle,customer,estimation,inspection,holder,assignedToUsers,repairers,approver';
/** The work order's own fields (spec §3): who pays, the department, the customer, the repairers, the notes. */
const DETAILS = fieldsOf('repairs', [
  'type',
  'department',
  'odometer',
  {
    name: 'promised_at',
    input: (p) => <DateTimeInput label={p.label} value={p.value} onChange={p.onChange} error={p.error} name="promised_at" />,
    view: (r) => (r.promised_at ? <PromisedTime at={r.promised_at} state={r.state} workflow={repairWorkflow} withTime /> : <Text c="dimmed">—</Text>),
  },
  'customer',
  'repairers',
  { name: 'notes', wide: true },
]);

type Repair = RecordOf<'repairs'>;
type RepairItem = RecordOf<'repair-items'>;

/** Now, every second while a clock runs (the running time shown ticks). */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

/** The clock a start stopped (POST /repair-items/{id}/start-clock, meta.stopped_clock). */
interface StoppedClock {
  repair_item: string;
  repair: string;
  repair_code: string | null;
  detail: string | null;
}

/** The mechanic's clock on an item: a big button to start and stop it, the time it shows running. */
function ClockButton({ item, repairId, now, onDone }: { item: RepairItem; repairId: string; now: number; onDone: () => void }) {
  const { t } = useTranslation();
  const running = typeof item.clock_started_at === 'string';
  // Starting here stops the user's clock on another item, maybe of another repair (the server's rule,
  // its answer's meta.stopped_clock): said, not done silently.
  const [stopped, setStopped] = useState<string | null>(null);
  const clock = useMutation({
    meta: { silent: true },
    mutationFn: () =>
      request<{ meta?: { stopped_clock?: StoppedClock | null } }>(`/repair-items/${encodeURIComponent(item.id)}/${running ? 'stop-clock' : 'start-clock'}`, {
        method: 'POST',
        body: { data: { type: 'repair-items', id: item.id } },
        global: false,
      }),
    onSuccess: (doc) => {
      const s = running ? null : (doc?.meta?.stopped_clock ?? null);
      setStopped(
        s === null
          ? null
          : s.repair === repairId
            ? t('repairs:clock.switched', { name: s.detail ?? '' })
            : t('repairs:clock.switched_other', { name: s.detail ?? '', code: s.repair_code ?? '' }),
      );
    },
    onSettled: onDone,
  });
  const refusal = refusalOf(clock.error, t('errors:SOMETHING_WENT_WRONG'));
  return (
    <Stack gap={2} align="flex-start">
      <Button
        size="lg"
        miw={150}
        color={running ? 'red.8' : 'teal.9'}
        leftSection={running ? <IconPlayerStop size={20} /> : <IconPlayerPlay size={20} />}
        loading={clock.isPending}
        onClick={() => clock.mutate()}
        aria-pressed={running}
        data-testid="item-clock"
        data-running={running || undefined}
      >
        {running ? t('repairs:clock.stop') : t('repairs:clock.start')}
      </Button>
      {running ? (
        <Text size="sm" fw={700} c="red.9" ff="monospace" aria-live="off" data-testid="item-clock-running">
          {formatDuration(itemSeconds(item, now))}
        </Text>
      ) : null}
      {running && stopped !== null ? (
        <Text size="sm" role="status" data-testid="item-clock-switched">
          {stopped}
        </Text>
      ) : null}
      {refusal ? (
        <Text size="sm" c="red.9" role="alert" data-testid="item-clock-refused">
          {refusal}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A select of the item's enumeration, written at once (PATCH /repair-items/{id}); read only unless the work order may be edited. */
function ItemSelect({ item, name, values, labels, editable, onDone }: { item: RepairItem; name: 'state' | 'repair_mode'; values: readonly string[]; labels: Record<string, Record<string, string>>; editable: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const write = useMutation({
    mutationFn: (value: string | null) => api.update({ type: 'repair-items', id: item.id, attributes: { [name]: value } }),
    onSettled: onDone,
  });
  const value = item[name] ?? null;
  const text = value && Object.hasOwn(labels, value) ? labels[value][locale] : '—';
  if (!editable) return <Text size="sm">{text}</Text>;
  return (
    <Select
      aria-label={`${t(labelKey('repair-items', name))} (${String(item.detail ?? '')})`}
      size="md"
      value={value}
      onChange={(v) => write.mutate(v)}
      data={values.map((v) => ({ value: v, label: labels[v][locale] }))}
      miw={150}
      disabled={write.isPending}
      data-testid={`item-${name}`}
    />
  );
}

/** Whether the old cores of the item's part came back (issue 27): written at once, crediting the core charge. */
function CoreReturned({ item, editable, onDone }: { item: RepairItem; editable: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const write = useMutation({
    mutationFn: (value: boolean) => api.update({ type: 'repair-items', id: item.id, attributes: { core_returned: value } }),
    onSettled: onDone,
  });
  if (!item.core_charge) return <Text size="sm">—</Text>;
  return (
    <Switch
      aria-label={`${t(labelKey('repair-items', 'core_returned'))} (${String(item.detail ?? '')})`}
      checked={item.core_returned === true}
      disabled={!editable || write.isPending}
      onChange={(e) => write.mutate(e.currentTarget.checked)}
      data-testid="item-core_returned"
    />
  );
}

/** What a work order item's row shows (the work, its progress, its time and clock, its cost); the rest is in its detail. */
const WORK_ORDER_ROW = ['detail', 'state', 'time', 'total'];

/**
 * The work order's items as lines (LinesView): the work, its progress, planned versus clocked time
 * with the clock, its total in the row; how it is done, its part and supplier, quantity and prices
 * in its detail. The enumerations are written at once (ItemSelect).
 */
function workOrderLines({ repairId, editable, clocking, now, onDone, stock }: { repairId: string; editable: boolean; clocking: boolean; now: number; onDone: () => void; stock: ReadonlyMap<string, number> | null }): LinesConfig {
  const locale = currentLocale();
  const select = (name: 'state' | 'repair_mode', values: readonly string[], labels: Record<string, Record<string, string>>) => ({
    name,
    view: (item: RepairItem) => <ItemSelect item={item} name={name} values={values} labels={labels} editable={editable} onDone={onDone} />,
  });
  const fields = fieldsOf('repair-items', [
    {
      name: 'detail',
      view: (item) => (
        <>
          <Text size="sm" fw={500} style={{ whiteSpace: 'pre-wrap' }}>
            {String(item.detail ?? '')}
          </Text>
          {isOneOf(ITEM_CONDITIONS, item.condition) ? (
            <Text size="xs" c="dimmed">
              {ITEM_CONDITION_LABELS[item.condition][locale]}
            </Text>
          ) : null}
        </>
      ),
    },
    { ...select('state', REPAIR_ITEM_STATES, REPAIR_ITEM_STATE_LABELS), width: 150 },
    {
      name: 'time',
      label: clocking ? 'repairs:time.planned_actual_clock' : 'repairs:time.planned_actual',
      width: clocking ? 150 : 110,
      view: (item) => {
        const planned = hoursToSeconds(item.time);
        const actual = itemSeconds(item, now);
        return (
          <Stack gap={4} align="flex-end">
            <div style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>
              <div data-testid="item-planned">{formatWorkTime(planned)}</div>
              <Text inherit c={planned > 0 && actual > planned ? 'red.9' : undefined} data-testid="item-actual">
                {formatWorkTime(actual)}
              </Text>
            </div>
            {clocking ? <ClockButton item={item} repairId={repairId} now={now} onDone={onDone} /> : null}
          </Stack>
        );
      },
    },
    'total',
    select('repair_mode', REPAIR_MODES, REPAIR_MODE_LABELS),
    { name: 'part', view: (item) => <PartCell item={item} stock={stock} /> },
    'part_number',
    'supplier',
    // Read from the purchase orders made for the item, never typed.
    { name: 'part_status', view: (item: RepairItem) => <PartStatusText value={item.part_status} /> },
    'quantity',
    'unit_price',
    'hourly_rate',
    'manual_labour',
    // The discount the approved estimate gave (issue 27), carried with the item.
    'discount_percent',
    'discount_amount',
    // The part's environmental fee and core charge (issue 27), carried with the item; the core's return is written here.
    'environmental_fee_kind',
    'environmental_fee',
    'core_charge',
    { name: 'core_returned', view: (item: RepairItem) => <CoreReturned item={item} editable={editable} onDone={onDone} /> },
  ]).map((f) => ({ ...f, readOnly: true }));
  return { type: 'repair-items', fields, row: WORK_ORDER_ROW, fixed: true, add: 'repairs:items.title', empty: 'repairs:items.empty', line: 'repairs:items.line' };
}

/** An item's part, and for an inventory part whether the parts room has what the item needs. */
function PartCell({ item, stock }: { item: RepairItem; stock: ReadonlyMap<string, number> | null }) {
  const product = item.product as { id: string } | null | undefined;
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm">{String(item.part ?? '') || '—'}</Text>
      {product && stock ? <StockBadge available={stock.get(product.id)} needed={Number(item.quantity ?? 0)} /> : null}
    </Stack>
  );
}

/** The work order's items, the time planned and clocked in all. */
function WorkOrder({ repair, onDone }: { repair: Repair; onDone: () => void }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const items = repair.items ?? [];
  const now = useNow(items.some((i) => typeof i.clock_started_at === 'string'));
  const { state } = repair;
  const editable = can('edit repairs') && state !== null && repairWorkflow.isEditable(state);
  // The mechanics clock while the work is in progress (the server says whose clock may run).
  const clocking = state === 'in_progress' && (can('start repairs') || can('edit repairs'));
  const time = timeSummary(items, now);
  // Whether each inventory part is in stock at the repair's location.
  const stock = useStockAt(
    items.flatMap((i) => (i.product ? [(i.product as { id: string }).id] : [])),
    (repair.allowedLocations ?? []).map((l) => l.id),
  );
  if (items.length === 0) return <Text c="dimmed">{t('repairs:items.empty')}</Text>;
  return (
    <Stack gap="sm">
      <LinesView config={workOrderLines({ repairId: repair.id, editable, clocking, now, onDone, stock })} lines={items} label={t('repairs:items.title')} />
      <Group gap="md" data-testid="time-summary">
        <Badge size="lg" variant="light" color="gray" tt="none">
          {t('repairs:time.planned_total', { value: formatWorkTime(time.planned) })}
        </Badge>
        <Badge size="lg" variant="light" color={overPlan(time) ? 'red' : 'teal'} tt="none" data-testid="time-actual-total">
          {t('repairs:time.actual_total', { value: formatWorkTime(time.actual) })}
        </Badge>
      </Group>
    </Stack>
  );
}

/** /inspecpro/repairs/{id}: a work order (spec §2, §4): who does what, its actions, its items with the mechanics' clocks, totals, comments. */
export default function RepairPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const qc = useQueryClient();
  const q = useRecord<Repair>('repairs', id, { include: INCLUDE });
  const repair = q.data;
  if (q.isPending) return <Loader />;
  if (!repair) return <Alert color="red">{t('repairs:page.not_found')}</Alert>;
  const reload = () => {
    void qc.invalidateQueries({ queryKey: ['repairs'] });
    // Completing takes the parts out of the parts room: its stock is read again.
    void qc.invalidateQueries({ queryKey: ['warehouse-products'] });
  };
  const code = String(repair.code ?? '');
  const { holder, estimation, inspection } = repair;
  return (
    <Stack gap="md" data-testid="repair-page">
      <WorkflowHeader
        type="repairs"
        record={repair}
        pdf="repairs:page.work_order_pdf"
        actions={
          <>
              <WorkflowActions<RepairAction>
                type="repairs"
                record={repair}
                actions={repairHeaderActions(repair.available_actions)}
                workflow={repairWorkflow}
                confirmOf={(a) => t(`repairs:confirm.${a}`, { code, holder: holder ? byFullName(holder) : '—' })}
                assignAction="assign"
                next={nextRepairActions(repair.state)}
                onDone={reload}
                testId="repair-actions"
              />
              {repair.state && repairWorkflow.isEditable(repair.state) ? <OrderPartsButton type="repairs" id={repair.id} items={repair.items ?? []} onDone={reload} /> : null}
              <InvoiceRepairButton repair={repair} />
              <VehicleReadyButton repair={repair} />
          </>
        }
        facts={
          <>
            <RelatedWork of="repairs" name="estimation" type="estimations" record={estimation} testId="repair-estimation" />
            <RelatedWork of="repairs" name="inspection" type="inspections" record={inspection} />
            <PeopleItem of="repairs" name="approver" people={repair.approver} />
            <HeaderItem label={t(labelKey('repairs', 'holder'))}>
              <span data-testid="repair-holder">{holder ? byFullName(holder) : ''}</span>
            </HeaderItem>
            <PeopleItem of="repairs" name="assignedToUsers" people={repair.assignedToUsers} />
            <PeopleItem of="repairs" name="repairers" people={repair.repairers} />
          </>
        }
        columns={5}
      />
      <Paper withBorder p="md" radius="md">
        {/* The work order takes the whole width (many columns), as the estimate's items do: the totals go under it. */}
        <Stack gap="md">
          <Stack style={{ minWidth: 0 }} gap="xs">
            <Title order={2} size="h4">
              {t('repairs:items.title')}
            </Title>
            <WorkOrder repair={repair} onDone={reload} />
          </Stack>
          <Group justify="flex-end">
            <TotalsTable totals={savedTotals(repair)} live={false} />
          </Group>
        </Stack>
      </Paper>
      <RecordFiles type="repairs" id={repair.id} framed />
      <DetailsAndComments type="repairs" id={repair.id} fields={DETAILS} editPermission="edit repairs" testId="repair-details" />
    </Stack>
  );
}
