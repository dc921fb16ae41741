import type { RecordOf } from '@atelier/domain';

// The form's structure as the editor holds it: sections → sub-sections → fields, each list in its
// order, built from the records the nested include answers; the moves of the drag and drop (mouse
// or keyboard) and the one call that saves an order. Pure, unit-tested (tree.test.ts).

/**
 * A record as the editor holds it: the server's, or, while an item just added waits for the
 * server, the few attributes it was made with.
 */
type Held<T extends 'inspection-form-sections' | 'inspection-form-section-fields'> = Pick<RecordOf<T>, 'id' | 'type'> & Partial<RecordOf<T>>;
export type SectionRecord = Held<'inspection-form-sections'>;
export type FieldRecord = Held<'inspection-form-section-fields'>;
/** A record the server answered for a node, by the node's kind. */
export type NodeRecord = { kind: 'section' | 'sub'; record: SectionRecord } | { kind: 'field'; record: FieldRecord };

export interface SubSectionNode {
  id: string;
  record: SectionRecord;
  fields: FieldRecord[];
}
export interface SectionNode {
  id: string;
  record: SectionRecord;
  subSections: SubSectionNode[];
}
export interface FormTree {
  sections: SectionNode[];
}

export type NodeKind = 'section' | 'sub' | 'field';
/** What the drag and drop moves or drops on: an item, or the body of a section / sub-section (to land in an empty one). */
export type DndKind = NodeKind | 'section-body' | 'sub-body';
export interface DndRef {
  kind: DndKind;
  id: string;
}

/** By order_number, the server's order breaking ties (a stable sort). */
const byOrder = <T extends { order_number?: number }>(list: readonly T[]): T[] => [...list].sort((a, b) => (a.order_number ?? 0) - (b.order_number ?? 0));

/**
 * The tree of a form read with `include=sections.subSections.fields`. A sub-section is a section
 * with a parent: whether the form's `sections` lists them too or only the top-level ones, each
 * shows once, under its parent.
 */
export function buildTree(form: Pick<RecordOf<'inspection-forms'>, 'sections'> | undefined): FormTree {
  const listed = form?.sections ?? [];
  const subIds = new Set<string>();
  for (const s of listed) for (const sub of s.subSections ?? []) subIds.add(sub.id);
  const top = listed.filter((s) => !subIds.has(s.id) && !s.parent);
  return {
    sections: byOrder(top).map((s) => ({
      id: s.id,
      record: s,
      subSections: byOrder(s.subSections ?? []).map((sub) => ({ id: sub.id, record: sub, fields: byOrder(sub.fields ?? []) })),
    })),
  };
}

/** Every field of the form, in the order an inspector meets them. */
export const allFields = (tree: FormTree): FieldRecord[] => tree.sections.flatMap((s) => s.subSections.flatMap((u) => u.fields));

/** Where a field sits: its section and sub-section. */
export function locate(tree: FormTree, fieldId: string): { section: SectionNode; sub: SubSectionNode; index: number } | null {
  for (const section of tree.sections)
    for (const sub of section.subSections) {
      const index = sub.fields.findIndex((f) => f.id === fieldId);
      if (index >= 0) return { section, sub, index };
    }
  return null;
}

export const dndId = (ref: DndRef) => `${ref.kind}:${ref.id}`;
export function parseDndId(id: string | number): DndRef | null {
  const m = /^(section|sub|field|section-body|sub-body):(.+)$/.exec(String(id));
  return m ? { kind: m[1] as DndKind, id: m[2] } : null;
}

/** What an item may be dropped on: a field on a field or a sub-section's body, a sub-section on one or a section's body. */
export function accepts(active: NodeKind, over: DndKind): boolean {
  if (active === 'field') return over === 'field' || over === 'sub-body';
  if (active === 'sub') return over === 'sub' || over === 'section-body';
  return over === 'section';
}

/** The position of each item of a kind in reading order (to know whether a move goes down or up). */
function readingOrder(tree: FormTree, kind: NodeKind): string[] {
  if (kind === 'section') return tree.sections.map((s) => s.id);
  if (kind === 'sub') return tree.sections.flatMap((s) => s.subSections.map((u) => u.id));
  return allFields(tree).map((f) => f.id);
}

/**
 * Moves a list's item: in the same list to the place of the item it is dropped on (arrayMove);
 * into another list before that item when going down, after it when going up (so that one arrow
 * press at a list's edge crosses into the next list, at its edge); appended when dropped on a body.
 */
function place<T extends { id: string }>(from: T[], to: T[], item: T, overId: string | null, down: boolean, same: boolean): { from: T[]; to: T[] } {
  if (same) {
    const list = from.filter((x) => x.id !== item.id);
    const at = overId === null ? list.length : from.findIndex((x) => x.id === overId);
    list.splice(at, 0, item);
    return { from: list, to: list };
  }
  const rest = from.filter((x) => x.id !== item.id);
  const target = [...to];
  const overAt = overId === null ? -1 : target.findIndex((x) => x.id === overId);
  const at = overAt < 0 ? target.length : down ? overAt : overAt + 1;
  target.splice(at, 0, item);
  return { from: rest, to: target };
}

/** The tree after dropping `active` on `over`; null when the drop changes nothing or is not allowed. */
export function moveInTree(tree: FormTree, active: DndRef, over: DndRef): FormTree | null {
  if (active.kind === 'section-body' || active.kind === 'sub-body' || !accepts(active.kind, over.kind)) return null;
  if (active.kind === over.kind && active.id === over.id) return null;
  const order = readingOrder(tree, active.kind);
  const overItem = over.kind === active.kind ? over.id : null;
  const down = overItem !== null && order.indexOf(active.id) < order.indexOf(overItem);

  if (active.kind === 'section') {
    const item = tree.sections.find((s) => s.id === active.id);
    if (!item) return null;
    return { sections: place(tree.sections, tree.sections, item, overItem, down, true).to };
  }

  if (active.kind === 'sub') {
    const fromSection = tree.sections.find((s) => s.subSections.some((u) => u.id === active.id));
    const toSection = over.kind === 'section-body' ? tree.sections.find((s) => s.id === over.id) : tree.sections.find((s) => s.subSections.some((u) => u.id === over.id));
    if (!fromSection || !toSection) return null;
    const item = fromSection.subSections.find((u) => u.id === active.id)!;
    const same = fromSection.id === toSection.id;
    if (same && overItem === null && fromSection.subSections[fromSection.subSections.length - 1].id === item.id) return null;
    const moved = place(fromSection.subSections, toSection.subSections, item, overItem, down, same);
    return {
      sections: tree.sections.map((s) => (s.id === toSection.id ? { ...s, subSections: moved.to } : s.id === fromSection.id ? { ...s, subSections: moved.from } : s)),
    };
  }

  const from = locate(tree, active.id);
  const toSub =
    over.kind === 'sub-body' ? tree.sections.flatMap((s) => s.subSections).find((u) => u.id === over.id) : locate(tree, over.id)?.sub;
  if (!from || !toSub) return null;
  const item = from.sub.fields[from.index];
  const same = from.sub.id === toSub.id;
  if (same && overItem === null && from.index === from.sub.fields.length - 1) return null;
  const moved = place(from.sub.fields, toSub.fields, item, overItem, down, same);
  return {
    sections: tree.sections.map((s) => ({
      ...s,
      subSections: s.subSections.map((u) => (u.id === toSub.id ? { ...u, fields: moved.to } : u.id === from.sub.id ? { ...u, fields: moved.from } : u)),
    })),
  };
}

/** The body of POST /inspection-forms/{id}/reorder: the whole order, nesting included (a field moved to another sub-section, a sub-section to another section). */
export function reorderPayload(tree: FormTree) {
  return {
    sections: tree.sections.map((s) => ({
      id: s.id,
      subSections: s.subSections.map((u) => ({ id: u.id, fields: u.fields.map((f) => f.id) })),
    })),
  };
}

/** The same order in both trees (nothing to save). */
export const sameOrder = (a: FormTree, b: FormTree) => JSON.stringify(reorderPayload(a)) === JSON.stringify(reorderPayload(b));

// Edits of the tree the editor applies at once, before the server answers (and undoes on refusal).

export const mapSection = (tree: FormTree, id: string, fn: (s: SectionNode) => SectionNode): FormTree => ({ sections: tree.sections.map((s) => (s.id === id ? fn(s) : s)) });
export const mapSub = (tree: FormTree, id: string, fn: (u: SubSectionNode) => SubSectionNode): FormTree => ({
  sections: tree.sections.map((s) => (s.subSections.some((u) => u.id === id) ? { ...s, subSections: s.subSections.map((u) => (u.id === id ? fn(u) : u)) } : s)),
});
export const mapField = (tree: FormTree, id: string, fn: (f: FieldRecord) => FieldRecord): FormTree => {
  const at = locate(tree, id);
  return at ? mapSub(tree, at.sub.id, (u) => ({ ...u, fields: u.fields.map((f) => (f.id === id ? fn(f) : f)) })) : tree;
};
export const removeNode = (tree: FormTree, kind: NodeKind, id: string): FormTree => {
  if (kind === 'section') return { sections: tree.sections.filter((s) => s.id !== id) };
  if (kind === 'sub') return { sections: tree.sections.map((s) => ({ ...s, subSections: s.subSections.filter((u) => u.id !== id) })) };
  return { sections: tree.sections.map((s) => ({ ...s, subSections: s.subSections.map((u) => ({ ...u, fields: u.fields.filter((f) => f.id !== id) })) })) };
};
/** Lays the server's record over a node's, its id included (a new one once the server made it). */
export function replaceNode(tree: FormTree, id: string, node: NodeRecord): FormTree {
  if (node.kind === 'field') return mapField(tree, id, (f) => ({ ...f, ...node.record }));
  const { record } = node;
  if (node.kind === 'section') return mapSection(tree, id, (s) => ({ ...s, id: record.id, record: { ...s.record, ...record } }));
  return mapSub(tree, id, (u) => ({ ...u, id: record.id, record: { ...u.record, ...record } }));
}
