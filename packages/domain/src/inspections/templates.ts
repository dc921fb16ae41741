// Form templates a reseller publishes (issue 27): what changed between two versions of a template,
// and which of those changes an organization's adopted copy can take without losing its own edits.
//
// A template version is a form's frozen structure; its sections, sub-sections and fields are named by
// stable keys (the source form's ids). An adopted form's parts keep the key they were copied from, so
// the copy is read with keys too ("ours"), its own additions under ids no version knows. Updating
// is a three-way merge: a change of the template (base → next) is applied to a part the organization
// left as the base version had it; a part it changed, removed or built on is kept as it is and said.

export interface TemplateNode {
  id: string;
  name: string;
  name_en: string | null;
}
export interface TemplateSubSection extends TemplateNode {
  fields: TemplateNode[];
}
export interface TemplateSection extends TemplateNode {
  subSections: TemplateSubSection[];
}
/** A form's structure as versions freeze it (the server's FormStructure is one). */
export interface TemplateStructure {
  sections: TemplateSection[];
  multipliers: readonly unknown[];
  notes: readonly unknown[];
  reminders: readonly unknown[];
}

export type TemplatePartLevel = 'section' | 'sub-section' | 'field';
export type TemplateListLevel = 'multipliers' | 'notes' | 'reminders';
export const TEMPLATE_LISTS: readonly TemplateListLevel[] = ['multipliers', 'notes', 'reminders'];

/** A canned job template's parts (estimations/canned-job-templates.ts): the job itself, its lines, its triggers. */
export type CannedJobPartLevel = 'job' | 'item' | 'trigger';

export interface TemplateChange {
  kind: 'added' | 'removed' | 'changed';
  level: TemplatePartLevel | TemplateListLevel | CannedJobPartLevel;
  /** The part's key (a list's: its level). */
  key: string;
  /** The key of the section or sub-section the part is in (null: a section, a list). */
  parent: string | null;
  /** The part's name as the template names it (next version's; the base's when removed). */
  name: string;
  name_en: string | null;
  /** The properties that changed (a changed part), in their declared order; 'parent' when it moved. */
  properties: string[];
}

export type KeptReason = 'changed_here' | 'removed_here' | 'parent_removed_here' | 'used_here';
export interface KeptChange extends TemplateChange {
  reason: KeptReason;
}

export interface TemplatePlan {
  /** Changes the adopted form takes. */
  apply: TemplateChange[];
  /** Changes not taken: the organization's own edit of that part stays. */
  kept: KeptChange[];
}

interface Part {
  level: TemplatePartLevel;
  parent: string | null;
  node: TemplateNode;
  /** The part's own values, its children and id aside, as one comparable text. */
  own: Record<string, unknown>;
}

const CHILDREN = new Set(['id', 'fields', 'subSections']);

function ownValues(node: TemplateNode): Record<string, unknown> {
  const own: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (!CHILDREN.has(k)) own[k] = v;
  return own;
}

/** Every section, sub-section and field by key, with its parent. */
export function templateParts(structure: TemplateStructure): Map<string, Part> {
  const parts = new Map<string, Part>();
  for (const section of structure.sections) {
    parts.set(section.id, { level: 'section', parent: null, node: section, own: ownValues(section) });
    for (const sub of section.subSections) {
      parts.set(sub.id, { level: 'sub-section', parent: section.id, node: sub, own: ownValues(sub) });
      for (const field of sub.fields) parts.set(field.id, { level: 'field', parent: sub.id, node: field, own: ownValues(field) });
    }
  }
  return parts;
}

/** JSON with the keys of every object sorted: a version read back from jsonb has its keys in another order. */
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v ?? null);
/** Whether two values are the same, whatever the order of their objects' keys. */
export const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The properties whose values differ, in the order of the later part ('parent' first when it moved). */
function differing(before: Part, after: Part): string[] {
  const names = [...new Set([...Object.keys(after.own), ...Object.keys(before.own)])];
  const props = names.filter((k) => !same(before.own[k], after.own[k]));
  return before.parent === after.parent ? props : ['parent', ...props];
}

/** A list compared without the ids of its lines (a reminder's id is the form's own). */
const listValue = (list: readonly unknown[]) =>
  list.map((line) => (line && typeof line === 'object' ? Object.fromEntries(Object.entries(line).filter(([k]) => k !== 'id')) : line));

const change = (kind: TemplateChange['kind'], key: string, part: Part, properties: string[] = []): TemplateChange => ({
  kind,
  level: part.level,
  key,
  parent: part.parent,
  name: part.node.name,
  name_en: part.node.name_en,
  properties,
});

/**
 * What changed from one version of a template to the next: parts added, removed or changed, in
 * the next version's order (removals last). A part added or removed with its parent is said once,
 * by its parent.
 */
export function templateChanges(base: TemplateStructure, next: TemplateStructure): TemplateChange[] {
  const before = templateParts(base);
  const after = templateParts(next);
  const out: TemplateChange[] = [];
  for (const [key, part] of after) {
    const was = before.get(key);
    if (!was) {
      if (part.parent === null || before.has(part.parent)) out.push(change('added', key, part));
      continue;
    }
    const props = differing(was, part);
    if (props.length) out.push(change('changed', key, part, props));
  }
  for (const [key, part] of before)
    if (!after.has(key) && (part.parent === null || after.has(part.parent))) out.push(change('removed', key, part));
  for (const level of TEMPLATE_LISTS)
    if (!same(listValue(base[level]), listValue(next[level])))
      out.push({ kind: 'changed', level, key: level, parent: null, name: '', name_en: null, properties: [] });
  return out;
}

/** The keys a field names: the fields its conditions read and the field it copies. */
function namedFields(node: TemplateNode): string[] {
  const n = node as TemplateNode & { conditions?: { field?: unknown }[]; copiedField?: unknown };
  const out = (n.conditions ?? []).map((c) => c.field).filter((f): f is string => typeof f === 'string');
  if (typeof n.copiedField === 'string') out.push(n.copiedField);
  return out;
}

/**
 * Which of the template's changes from `base` to `next` the adopted form `ours` (its parts named by
 * their keys) takes: a part the organization left as `base` had it takes the change; one it changed,
 * removed, moved or built on (its own fields inside, a condition or copy naming it) is kept as is.
 */
export function planTemplateUpdate(base: TemplateStructure, next: TemplateStructure, ours: TemplateStructure): TemplatePlan {
  const plan: TemplatePlan = { apply: [], kept: [] };
  const baseParts = templateParts(base);
  const nextParts = templateParts(next);
  const ourParts = templateParts(ours);
  const keep = (c: TemplateChange, reason: KeptReason) => plan.kept.push({ ...c, reason });
  // What in ours names a key: the parts inside it and the fields that read or copy it.
  const users = new Map<string, string[]>();
  for (const [key, part] of ourParts) {
    if (part.parent) users.set(part.parent, [...(users.get(part.parent) ?? []), key]);
    for (const named of namedFields(part.node)) users.set(named, [...(users.get(named) ?? []), key]);
  }
  const subtree = (key: string): string[] => [key, ...(users.get(key) ?? []).filter((k) => ourParts.get(k)?.parent === key).flatMap(subtree)];

  for (const c of templateChanges(base, next)) {
    if (c.level === 'multipliers' || c.level === 'notes' || c.level === 'reminders') {
      if (same(listValue(ours[c.level]), listValue(base[c.level]))) plan.apply.push(c);
      else if (!same(listValue(ours[c.level]), listValue(next[c.level]))) keep(c, 'changed_here');
      continue;
    }
    const mine = ourParts.get(c.key);
    const was = baseParts.get(c.key);
    if (c.kind === 'added') {
      if (mine) continue;
      if (c.parent !== null && !ourParts.has(c.parent)) keep(c, 'parent_removed_here');
      else plan.apply.push(c);
      continue;
    }
    if (!mine) {
      if (c.kind === 'changed') keep(c, 'removed_here');
      continue;
    }
    if (differing(was!, mine).length) {
      // Already as the next version has it (the organization made the same edit): nothing to do.
      if (c.kind === 'changed' && !differing(nextParts.get(c.key)!, mine).length) continue;
      keep(c, 'changed_here');
      continue;
    }
    if (c.kind === 'changed') {
      if (c.parent !== null && !ourParts.has(c.parent)) keep(c, 'parent_removed_here');
      else plan.apply.push(c);
      continue;
    }
    // A removal takes the part with what is inside it, unless the organization built on it: a part
    // of its own inside, or one of its fields outside reading or copying a field that would go.
    const going = new Set(subtree(c.key));
    const ownInside = [...going].some((k) => !baseParts.has(k));
    const usedOutside = [...going].some((k) => (users.get(k) ?? []).some((u) => !going.has(u)));
    if (ownInside || usedOutside) keep(c, 'used_here');
    else plan.apply.push(c);
  }
  return plan;
}
