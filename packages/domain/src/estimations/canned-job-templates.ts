// Canned job templates a reseller publishes (issue 27): a version is the source job's content, its
// lines without ids and its triggers named by the form templates' keys; what changed from one
// version to the next is said as the form templates say it (TemplateChange), by job, line, trigger.

import { same, type KeptChange, type KeptReason, type TemplateChange, type TemplatePlan } from '../inspections/templates.ts';

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

/** The lines' keys, in order: their text (any case), numbered when two lines say the same. */
export function cannedJobItemKeys(items: readonly { detail: string }[]): string[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = item.detail.trim().toLowerCase();
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return `${base}#${n}`;
  });
}

/** Lines by key. */
function itemsByKey(items: readonly CannedJobTemplateItem[]): Map<string, CannedJobTemplateItem> {
  const keys = cannedJobItemKeys(items);
  return new Map(items.map((item, i) => [keys[i], item]));
}

/** A trigger's key: its field's key and its answer (any case). */
export const triggerKey = (t: { field: string; value: string }) => `${t.field}:${t.value.toLowerCase()}`;
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

const sameItem = (a: CannedJobTemplateItem, b: CannedJobTemplateItem) => a.detail === b.detail && ITEM_PROPERTIES.every((p) => same(a[p], b[p]));

/**
 * Which of the template's changes from `base` to `next` the organization's job `ours` (read as a
 * version is) takes: a property or line it left as `base` had it takes the change; one it changed
 * or removed is kept as it is and said. Triggers follow the template (adding one the job has, or
 * removing one it has not, is nothing to do).
 */
export function planCannedJobUpdate(base: CannedJobContent, next: CannedJobContent, ours: CannedJobContent): TemplatePlan {
  const plan: TemplatePlan = { apply: [], kept: [] };
  const keep = (c: TemplateChange, reason: KeptReason) => plan.kept.push({ ...c, reason } satisfies KeptChange);
  const [baseItems, nextItems, ourItems] = [itemsByKey(base.items), itemsByKey(next.items), itemsByKey(ours.items)];
  const ourTriggers = triggersByKey(ours.triggers);
  for (const c of cannedJobChanges(base, next)) {
    if (c.level === 'job') {
      const props = c.properties as (typeof CANNED_JOB_TEMPLATE_PROPERTIES)[number][];
      const take = props.filter((p) => same(ours[p], base[p]));
      const mine = props.filter((p) => !same(ours[p], base[p]) && !same(ours[p], next[p]));
      if (take.length) plan.apply.push({ ...c, properties: take });
      if (mine.length) keep({ ...c, properties: mine }, 'changed_here');
    } else if (c.level === 'item') {
      const mine = ourItems.get(c.key);
      if (c.kind === 'added') {
        if (!mine) plan.apply.push(c);
      } else if (!mine) {
        if (c.kind === 'changed') keep(c, 'removed_here');
      } else if (sameItem(mine, baseItems.get(c.key)!)) plan.apply.push(c);
      else if (c.kind === 'removed' || !sameItem(mine, nextItems.get(c.key)!)) keep(c, 'changed_here');
    } else if ((c.kind === 'added') !== ourTriggers.has(c.key)) plan.apply.push(c);
  }
  return plan;
}
