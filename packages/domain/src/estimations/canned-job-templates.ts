// Canned job templates a reseller publishes (issue 27): a version is the source job's content, its
// lines without ids and its triggers named by the form templates' keys; what changed from one
// version to the next is said as the form templates say it (TemplateChange), by job, line, trigger.

import { same, type TemplateChange } from '../inspections/templates.ts';

/** A line of a canned job as a template carries it: no ids (products are matched by part number, tax groups are the organization's). */
export interface CannedJobTemplateItem {
  detail: string;
  part: string | null;
  part_number: string | null;
  quantity: string;
  unit_price: number | null;
  manual_labour: number | null;
  time: string | null;
  hourly_rate: number | null;
}

/** A trigger as a template carries it: the field by its form template's key, with its name to say it. */
export interface CannedJobTemplateTrigger {
  field: string;
  field_name: string;
  field_name_en: string | null;
  value: string;
}

export interface CannedJobContent {
  name: string;
  code: string | null;
  notes: string | null;
  items: CannedJobTemplateItem[];
  triggers: CannedJobTemplateTrigger[];
}

export const CANNED_JOB_TEMPLATE_PROPERTIES = ['name', 'code', 'notes'] as const;
const ITEM_PROPERTIES = ['part', 'part_number', 'quantity', 'unit_price', 'manual_labour', 'time', 'hourly_rate'] as const;

/** Lines by key: their text (any case), numbered when two lines say the same. */
function itemsByKey(items: readonly CannedJobTemplateItem[]): Map<string, CannedJobTemplateItem> {
  const out = new Map<string, CannedJobTemplateItem>();
  for (const item of items) {
    const base = item.detail.trim().toLowerCase();
    let n = 1;
    while (out.has(`${base}#${n}`)) n += 1;
    out.set(`${base}#${n}`, item);
  }
  return out;
}

const triggerKey = (t: CannedJobTemplateTrigger) => `${t.field}:${t.value.toLowerCase()}`;
const triggersByKey = (triggers: readonly CannedJobTemplateTrigger[]) => new Map(triggers.map((t) => [triggerKey(t), t]));

const itemChange = (kind: TemplateChange['kind'], key: string, item: CannedJobTemplateItem, properties: string[] = []): TemplateChange => ({ kind, level: 'item', key, parent: null, name: item.detail, name_en: null, properties });
const triggerChange = (kind: TemplateChange['kind'], key: string, t: CannedJobTemplateTrigger): TemplateChange => ({
  kind,
  level: 'trigger',
  key,
  parent: null,
  name: `${t.field_name} : ${t.value}`,
  name_en: `${t.field_name_en ?? t.field_name}: ${t.value}`,
  properties: [],
});

/** Added, removed and changed entries of two keyed maps, in the later one's order (removals last). */
function diffMaps<T>(before: Map<string, T>, after: Map<string, T>, props: (a: T, b: T) => string[], make: (kind: TemplateChange['kind'], key: string, v: T, p?: string[]) => TemplateChange) {
  const out: TemplateChange[] = [];
  for (const [key, v] of after) {
    const was = before.get(key);
    if (!was) out.push(make('added', key, v));
    else if (props(was, v).length) out.push(make('changed', key, v, props(was, v)));
  }
  for (const [key, v] of before) if (!after.has(key)) out.push(make('removed', key, v));
  return out;
}

/** What changed from one version of a canned job template to the next: the job's name, code and notes, its lines, its triggers. */
export function cannedJobChanges(base: CannedJobContent, next: CannedJobContent): TemplateChange[] {
  const out: TemplateChange[] = [];
  const jobProps = CANNED_JOB_TEMPLATE_PROPERTIES.filter((p) => !same(base[p], next[p]));
  if (jobProps.length) out.push({ kind: 'changed', level: 'job', key: 'job', parent: null, name: next.name, name_en: null, properties: [...jobProps] });
  out.push(...diffMaps(itemsByKey(base.items), itemsByKey(next.items), (a, b) => ITEM_PROPERTIES.filter((p) => !same(a[p], b[p])), itemChange));
  out.push(...diffMaps(triggersByKey(base.triggers), triggersByKey(next.triggers), () => [], triggerChange));
  return out;
}
