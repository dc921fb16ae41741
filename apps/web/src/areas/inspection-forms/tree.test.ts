import { describe, expect, it } from 'vitest';
import type { RecordOf } from '@atelier/domain';
import { fieldRecord, sectionRecord } from './testRecords.ts';
import { buildTree, moveInTree, reorderPayload, removeNode, replaceNode, sameOrder, type FormTree } from './tree.ts';

type Field = RecordOf<'inspection-form-section-fields'>;
type Section = RecordOf<'inspection-form-sections'>;
const field = (id: string, order: number) => fieldRecord(id, { order_number: order });
const sub = (id: string, order: number, fields: Field[], parent = 'S') => sectionRecord(id, { order_number: order, parent: sectionRecord(parent), fields, subSections: [] });
const section = (id: string, order: number, subSections: Section[]) => sectionRecord(id, { order_number: order, parent: null, subSections, fields: [] });

/** Section A (subs a1: f1 f2 f3, a2: empty), section B (sub b1: g1). */
function sample(): FormTree {
  return buildTree({
    sections: [
      section('B', 1, [sub('b1', 0, [field('g1', 0)], 'B')]),
      section('A', 0, [sub('a2', 1, [], 'A'), sub('a1', 0, [field('f3', 2), field('f1', 0), field('f2', 1)], 'A')]),
    ],
  });
}
const order = (t: FormTree | null) => (t ? reorderPayload(t).sections : null);

describe('buildTree', () => {
  it('orders sections, sub-sections and fields by order_number', () => {
    expect(order(sample())).toEqual([
      { id: 'A', subSections: [{ id: 'a1', fields: ['f1', 'f2', 'f3'] }, { id: 'a2', fields: [] }] },
      { id: 'B', subSections: [{ id: 'b1', fields: ['g1'] }] },
    ]);
  });

  it('shows a sub-section once, under its parent, when the form lists it among its sections too', () => {
    const a1 = sub('a1', 0, [field('f1', 0)], 'A');
    const tree = buildTree({ sections: [section('A', 0, [a1]), a1] });
    expect(order(tree)).toEqual([{ id: 'A', subSections: [{ id: 'a1', fields: ['f1'] }] }]);
  });

  it('is empty for a form without sections', () => {
    expect(buildTree({}).sections).toEqual([]);
    expect(buildTree(undefined).sections).toEqual([]);
  });
});

describe('moveInTree', () => {
  it('moves a field within its sub-section like arrayMove', () => {
    expect(order(moveInTree(sample(), { kind: 'field', id: 'f1' }, { kind: 'field', id: 'f3' }))?.[0].subSections[0].fields).toEqual(['f2', 'f3', 'f1']);
    expect(order(moveInTree(sample(), { kind: 'field', id: 'f3' }, { kind: 'field', id: 'f1' }))?.[0].subSections[0].fields).toEqual(['f3', 'f1', 'f2']);
  });

  it('moves a field into another sub-section: before the item when going down, after it when going up', () => {
    const down = order(moveInTree(sample(), { kind: 'field', id: 'f3' }, { kind: 'field', id: 'g1' }));
    expect(down?.[0].subSections[0].fields).toEqual(['f1', 'f2']);
    expect(down?.[1].subSections[0].fields).toEqual(['f3', 'g1']);
    const up = order(moveInTree(sample(), { kind: 'field', id: 'g1' }, { kind: 'field', id: 'f3' }));
    expect(up?.[0].subSections[0].fields).toEqual(['f1', 'f2', 'f3', 'g1']);
    expect(up?.[1].subSections[0].fields).toEqual([]);
  });

  it('moves a field into an empty sub-section through its body', () => {
    const t = order(moveInTree(sample(), { kind: 'field', id: 'f2' }, { kind: 'sub-body', id: 'a2' }));
    expect(t?.[0].subSections).toEqual([{ id: 'a1', fields: ['f1', 'f3'] }, { id: 'a2', fields: ['f2'] }]);
  });

  it('moves a sub-section to another section with its fields', () => {
    const t = order(moveInTree(sample(), { kind: 'sub', id: 'a1' }, { kind: 'sub', id: 'b1' }));
    expect(t).toEqual([
      { id: 'A', subSections: [{ id: 'a2', fields: [] }] },
      { id: 'B', subSections: [{ id: 'a1', fields: ['f1', 'f2', 'f3'] }, { id: 'b1', fields: ['g1'] }] },
    ]);
  });

  it('reorders sections', () => {
    expect(order(moveInTree(sample(), { kind: 'section', id: 'A' }, { kind: 'section', id: 'B' }))?.map((s) => s.id)).toEqual(['B', 'A']);
  });

  it('refuses drops that make no sense or change nothing', () => {
    const t = sample();
    expect(moveInTree(t, { kind: 'field', id: 'f1' }, { kind: 'section', id: 'B' })).toBeNull();
    expect(moveInTree(t, { kind: 'section', id: 'A' }, { kind: 'field', id: 'f1' })).toBeNull();
    expect(moveInTree(t, { kind: 'sub', id: 'a1' }, { kind: 'sub-body', id: 'a2' })).toBeNull();
    expect(moveInTree(t, { kind: 'field', id: 'f1' }, { kind: 'field', id: 'f1' })).toBeNull();
    expect(moveInTree(t, { kind: 'field', id: 'f3' }, { kind: 'sub-body', id: 'a1' })).toBeNull();
    expect(moveInTree(t, { kind: 'field', id: 'nope' }, { kind: 'field', id: 'f1' })).toBeNull();
  });

  it('leaves the original tree untouched (the editor keeps it to undo a refused save)', () => {
    const t = sample();
    const before = JSON.stringify(reorderPayload(t));
    const moved = moveInTree(t, { kind: 'field', id: 'f1' }, { kind: 'field', id: 'g1' })!;
    expect(JSON.stringify(reorderPayload(t))).toBe(before);
    expect(sameOrder(t, moved)).toBe(false);
    expect(sameOrder(t, sample())).toBe(true);
  });
});

describe('optimistic edits', () => {
  it('replaces a new node by the saved record and removes nodes', () => {
    const t = sample();
    const added: FormTree = { sections: [...t.sections, { id: 'new-1', record: { id: 'new-1', type: 'inspection-form-sections', name: 'C' }, subSections: [] }] };
    const saved = replaceNode(added, 'new-1', { kind: 'section', record: sectionRecord('C') });
    expect(saved.sections.map((s) => s.id)).toEqual(['A', 'B', 'C']);
    expect(order(removeNode(saved, 'field', 'f2'))?.[0].subSections[0].fields).toEqual(['f1', 'f3']);
    expect(order(removeNode(saved, 'sub', 'a1'))?.[0].subSections.map((u) => u.id)).toEqual(['a2']);
  });
});
