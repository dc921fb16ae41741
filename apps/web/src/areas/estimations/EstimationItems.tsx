import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notify } from '../../app/notify.tsx';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import type { DocumentTotals, EstimationItemGroup, RecordOf, TaxRate, WorkTotals } from '@atelier/domain';
import { marginPercent, workLineTotals } from '@atelier/domain';
import { api } from '../../api/client.ts';
import { ApiError } from '../../api/jsonapi.ts';
import { fieldsOf } from '../../components/resource/declared.tsx';
import { useDirtyGuard } from '../../components/resource/formBehaviour.tsx';
import { LineEditor } from '../../components/resource/LineEditor.tsx';
import { linePath, linesDocument, linesOf, linesSchema, type LineValues, type LinesConfig } from '../../components/resource/lines.ts';
import { currentLocale } from '../../i18n/index.ts';
import { formatMoney, regionLocale } from '../../lib/format.ts';
import { PartStatusText, StockBadge, useStockAt } from '../inventory/StockAt.tsx';
import { PhotoThumbnails } from '../inspections/Photos.tsx';
import { CustomerDecisionBadge } from './EstimationBadges.tsx';
import { discountWritable, itemFieldWritable, itemLine, liveTotals, taxesByGroup, termsOfRecord } from './estimationModel.ts';
import { DocumentCharges } from './DocumentCharges.tsx';
import { useMe } from '../../app/AppData.tsx';

type Estimation = RecordOf<'estimations'>;
/** The totals a saved estimate or repair carries (workTotalsAttributes). */
type WorkTotalsKey = 'parts_total' | 'labour_total' | 'discount_total' | 'part_charges_total' | 'subtotal' | 'tax_details' | 'tax_total' | 'total' | 'warranty_total' | 'shop_supplies_total' | 'document_discount_total';
/** Totals as the table shows them: a document's with its supplies and document discount. */
type ShownTotals = WorkTotals & Partial<Pick<DocumentTotals, 'supplies' | 'document_discount'>>;

/** Every tax group of the organization with its taxes: what the live totals tax each item with. */
export function useTaxGroups(): UseQueryResult<RecordOf<'tax-groups'>[]> {
  return useQuery({
    queryKey: ['tax-groups', 'with-taxes'],
    queryFn: () => api.listAll<RecordOf<'tax-groups'>>('tax-groups', { include: 'taxes' }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

/** The line editor hands a view its line's form values (LineValues), not the item that fieldsOf types it as. */
const lineView = (view: (line: LineValues) => ReactNode) => (line: RecordOf<'estimation-items'>) => view(line as LineValues);

/** What an item's row shows (what is asked and what it costs, the customer's answer); the rest is in its detail. */
const ITEM_ROW = ['detail', 'quantity', 'unit_price', 'time', 'total', 'customer_decision'];

/**
 * The fields of an estimate's items, each read only unless the user holds its phase now
 * (writableItemGroups); the photos from the inspection and the line's total (live) are shown.
 */
export function itemLinesConfig(
  groups: readonly EstimationItemGroup[],
  taxesOf: ReadonlyMap<string, readonly TaxRate[]>,
  parts: { stock: ReadonlyMap<string, number> | null; status: ReadonlyMap<string, unknown> } = { stock: null, status: new Map() },
  canDiscount = false,
): LinesConfig {
  const { stock, status } = parts;
  // A field of the item's own, written by its phase's holder only.
  const own = <N extends string>(name: N) => ({ name, readOnly: !itemFieldWritable(name, groups) });
  // A discount (issue 27): a percentage or an amount in dollars, "," or "." as the decimal mark.
  const discount = { readOnly: !discountWritable(groups, canDiscount) };
  const fields = fieldsOf('estimation-items', [
    { ...own('detail'), kind: 'textarea' },
    own('quantity'),
    own('unit_price'),
    own('time'),
    {
      name: 'total',
      view: lineView((l) => (
        <Stack gap={0} align="flex-end">
          <span data-testid="item-total">{formatMoney(workLineTotals(itemLine(l, taxesOf)).total, currentLocale())}</span>
          <ItemMargin line={l} />
        </Stack>
      )),
    },
    { name: 'customer_decision', view: lineView((l) => <CustomerDecisionBadge decision={l.customer_decision} at={l.customerDecidedAt} />) },
    own('condition'),
    own('urgency'),
    own('product'),
    own('part'),
    own('part_number'),
    own('supplier'),
    // Read from the purchase orders made for the item ("order the missing parts"), never typed.
    // With, for an inventory part, whether the estimate's parts room has what the item needs.
    {
      name: 'part_status',
      readOnly: true,
      view: lineView((l) => (
        <Stack gap={2} align="flex-start">
          {/* As the server has it now: the orders change it without the estimate being edited. */}
          <PartStatusText value={typeof l.id === 'string' && status.has(l.id) ? status.get(l.id) : l.part_status} />
          {typeof l.product === 'string' && l.product && stock ? <StockBadge available={stock.get(l.product)} needed={Number(String(l.quantity ?? 0).replace(',', '.'))} /> : null}
        </Stack>
      )),
    },
    // Issue 27: what the part carries (taken from the product, editable), and its margin over its cost: staff only.
    own('unit_cost'),
    own('environmental_fee_kind'),
    own('environmental_fee'),
    own('core_charge'),
    own('core_returned'),
    own('hourly_rate'),
    own('manual_labour'),
    { name: 'discount_percent', ...discount },
    { name: 'discount_amount', ...discount },
    own('taxGroup'),
    own('warranty'),
    own('state'),
    { name: 'images', readOnly: true, view: lineView((l) => <PhotoThumbnails images={l.images ?? []} name={String(l.detail ?? '')} />) },
  ]);
  const writable = groups.includes('description');
  return { type: 'estimation-items', fields, row: ITEM_ROW, defaults: { quantity: 1 }, orderable: writable, fixed: !writable, add: 'estimations:items.add', empty: 'estimations:items.empty', line: 'estimations:items.line' };
}

/** The margin of the item's price over its part's cost, as the matrix speaks of it (staff screens only; the server's own for a saved line). */
function ItemMargin({ line }: { line: LineValues }) {
  const { t } = useTranslation();
  const cents = (v: unknown) => (v === null || v === undefined || v === '' ? null : Math.round(Number(String(v).replace(',', '.')) * 100));
  const [price, cost] = [cents(line.unit_price), cents(line.unit_cost)];
  const percent = marginPercent(price, cost);
  if (percent === null || price === null || cost === null) return null;
  const locale = currentLocale();
  return <Text size="xs" c="dimmed" data-testid="item-margin" title={t('estimations:items.margin_label')}>{t('estimations:items.margin', { amount: formatMoney(price - cost, locale), percent: percent.toLocaleString(regionLocale(locale)) })}</Text>;
}

/** The record's items as the editor holds them, with when the customer decided (the decision's cell). */
function itemsOf(config: LinesConfig, record: Estimation): LineValues[] {
  const raw = record.items ?? [];
  return linesOf(config, raw).map((l, i) => ({ ...l, customerDecidedAt: raw[i]?.customer_decided_at ?? null }));
}

/** The server's errors of the items (/data/relationships/items/data/2/attributes/quantity) by line and field, for the editor. */
function lineErrors(error: unknown): Record<string, { message: string }>[] | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  const out: Record<string, { message: string }>[] = [];
  for (const e of error.errors) {
    const path = linePath(e.source?.pointer, new Set(['items']));
    if (!path) continue;
    const [, i, field] = path.split('.');
    (out[Number(i)] ??= {})[field] = { message: e.detail ?? e.title ?? '' };
  }
  return out;
}

function TotalsTable({ totals, live }: { totals: ShownTotals; live: boolean }) {
  const { t } = useTranslation();
  const money = (c: number) => formatMoney(c, currentLocale());
  const row = (label: string, cents: number, id: string, strong = false) => (
    <Table.Tr key={id}>
      <Table.Td>{strong ? <Text fw={700}>{label}</Text> : label}</Table.Td>
      <Table.Td ta="right" data-testid={`totals-${id}`} fw={strong ? 700 : undefined}>
        {money(cents)}
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Paper withBorder p="sm" radius="md" miw={260} data-testid="estimation-totals" data-live={live || undefined}>
      <Group justify="space-between" mb={4}>
        <Title order={3} size="h5">
          {t('estimations:totals.title')}
        </Title>
        {live ? (
          <Badge color="yellow" variant="light" tt="none" data-testid="totals-unsaved">
            {t('estimations:totals.unsaved')}
          </Badge>
        ) : null}
      </Group>
      <Table>
        <Table.Tbody>
          {row(t('estimations:totals.parts'), totals.parts, 'parts')}
          {row(t('estimations:totals.labour'), totals.labour, 'labour')}
          {totals.discount - (totals.document_discount ?? 0) ? row(t('estimations:totals.discount'), (totals.document_discount ?? 0) - totals.discount, 'discount') : null}
          {totals.document_discount ? row(t('estimations:totals.document_discount'), -totals.document_discount, 'document-discount') : null}
          {totals.part_charges ? row(t('estimations:totals.part_charges'), totals.part_charges, 'part-charges') : null}
          {totals.supplies ? row(t('estimations:totals.supplies'), totals.supplies, 'supplies') : null}
          {row(t('estimations:totals.subtotal'), totals.subtotal, 'subtotal')}
          {totals.taxes.map((tax) => row(tax.code, tax.amount, `tax-${tax.code}`))}
          {row(t('estimations:totals.total'), totals.total, 'total', true)}
          {totals.warranty ? row(t('estimations:totals.warranty'), totals.warranty, 'warranty') : null}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** The server's totals of a saved estimate or repair (authoritative), as the domain's shape. */
export function savedTotals(record: Pick<Estimation | RecordOf<'repairs'>, WorkTotalsKey>): ShownTotals {
  const n = (k: Exclude<WorkTotalsKey, 'tax_details'>) => Number(record[k] ?? 0);
  return {
    parts: n('parts_total'),
    labour: n('labour_total'),
    discount: n('discount_total'),
    part_charges: n('part_charges_total'),
    subtotal: n('subtotal'),
    taxes: Array.isArray(record.tax_details) ? record.tax_details : [],
    tax: n('tax_total'),
    total: n('total'),
    warranty: n('warranty_total'),
    supplies: n('shop_supplies_total'),
    document_discount: n('document_discount_total'),
  };
}

export { TotalsTable };

/**
 * The items of an estimate in the line editor, with its totals: while the user edits, recomputed
 * live with the domain's functions (the tax group's taxes); once saved, the server's.
 */
export function EstimationItems({ estimation, groups }: { estimation: Estimation; groups: readonly EstimationItemGroup[] }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const taxGroups = useTaxGroups();
  const taxesOf = useMemo(() => taxesByGroup(taxGroups.data ?? []), [taxGroups.data]);
  // Whether each inventory part is in stock at the estimate's location.
  const stock = useStockAt(
    (estimation.items ?? []).flatMap((i) => (i.product ? [(i.product as { id: string }).id] : [])),
    (estimation.allowedLocations ?? []).map((l) => l.id),
  );
  const statusKey = (estimation.items ?? []).map((i) => `${i.id}:${String(i.part_status ?? '')}`).join();
  const status = useMemo(() => new Map((estimation.items ?? []).map((i) => [i.id, i.part_status ?? null])), [statusKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const { can } = useMe();
  const canDiscount = can('apply discounts estimations');
  const config = useMemo(() => itemLinesConfig(groups, taxesOf, { stock, status }, canDiscount), [groups, taxesOf, stock, status, canDiscount]);
  const [lines, setLines] = useState<LineValues[]>(() => itemsOf(config, estimation));
  const [dirty, setDirty] = useState(false);
  const [checkErrors, setCheckErrors] = useState<Record<string, { message: string }>[] | undefined>();
  // A new read of the estimate (saved, an action, another user's change) starts from the server's items.
  const version = `${String(estimation.updated_at ?? '')}:${groups.join()}`;
  useEffect(() => {
    setLines(itemsOf(config, estimation));
    setDirty(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);

  const save = useMutation({
    meta: { form: true },
    mutationFn: () =>
      api.update<Estimation>({ type: 'estimations', id: estimation.id, relationships: { items: { type: 'estimation-items', value: linesDocument(config, lines) } } }),
    onSuccess: () => {
      notify({ color: 'teal', message: t('common:form.saved') });
      void qc.invalidateQueries({ queryKey: ['estimations'] });
    },
  });
  const editable = config.fields.some((f) => !f.readOnly);
  // Leaving with items not saved asks first, as every form does.
  const guard = useDirtyGuard(dirty && !save.isPending && !save.isSuccess);
  const totals = dirty ? liveTotals(lines, taxesOf, termsOfRecord(estimation, taxesOf)).proposed : savedTotals(estimation);
  const submit = () => {
    const checked = linesSchema(config).safeParse(lines);
    if (!checked.success) {
      const out: Record<string, { message: string }>[] = [];
      for (const issue of checked.error.issues) {
        const [i, field] = issue.path as [number, string];
        (out[i] ??= {})[field] = { message: issue.message };
      }
      setCheckErrors(out);
      return;
    }
    setCheckErrors(undefined);
    save.mutate();
  };

  return (
    <Stack gap="sm" data-testid="estimation-items">
      {guard}
      {/* The items take the whole width (many columns); the totals go under them, never over them. */}
      <Stack gap="xs">
        <Stack gap="xs" style={{ minWidth: 0 }}>
          {editable || lines.length ? (
            <LineEditor
              config={config}
              value={lines}
              onChange={(next) => {
                setLines(next);
                setDirty(true);
                // Changed again after a save: unsaved again.
                if (save.isSuccess) save.reset();
              }}
              label={t('estimations:items.title')}
              // The editor takes react-hook-form's error shape, of which these { message } per field are the leaves.
              errors={(checkErrors ?? lineErrors(save.error)) as FieldErrors<FieldValues>[] | undefined}
            />
          ) : null}
          {!editable ? (
            <Text size="sm" c="dimmed" data-testid="items-read-only">
              {t('estimations:items.read_only')}
            </Text>
          ) : null}
        </Stack>
        <Group justify="flex-end" align="flex-start">
          <DocumentCharges estimation={estimation} editable={editable} canDiscount={canDiscount} />
          <TotalsTable totals={totals} live={dirty} />
        </Group>
      </Stack>
      {save.error instanceof ApiError && save.error.status === 422 && !lineErrors(save.error)?.length ? (
        <Alert color="red">{save.error.errors[0]?.detail}</Alert>
      ) : null}
      {editable ? (
        <Group justify="flex-end">
          <Button
            variant="default"
            disabled={!dirty || save.isPending}
            onClick={() => {
              setLines(itemsOf(config, estimation));
              setDirty(false);
              setCheckErrors(undefined);
            }}
          >
            {t('estimations:items.discard')}
          </Button>
          <Button size="md" onClick={submit} disabled={!dirty} loading={save.isPending} data-testid="items-save">
            {t('common:actions.save')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
