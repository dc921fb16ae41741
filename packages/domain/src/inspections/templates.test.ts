import { describe, expect, it } from 'vitest';
import { planTemplateUpdate, templateChanges, type TemplateStructure } from './templates.ts';

const field = (id: string, extra: Record<string, unknown> = {}) => ({ id, name: `F ${id}`, name_en: null, field_type: 'RADIO', coefficient: '1', conditions: [], copiedField: null, ...extra });

function form(over: { brakesFields?: ReturnType<typeof field>[]; extraSections?: TemplateStructure['sections']; notes?: unknown[]; factor?: string } = {}): TemplateStructure {
  return {
    sections: [
      {
        id: 's1',
        name: 'Freins',
        name_en: 'Brakes',
        factor: over.factor ?? '1',
        subSections: [{ id: 'ss1', name: 'Avant', name_en: 'Front', fields: over.brakesFields ?? [field('f1'), field('f2')] }],
      } as TemplateStructure['sections'][number],
      ...(over.extraSections ?? []),
    ],
    multipliers: [],
    notes: over.notes ?? [{ minimum_value: 0, maximum_value: 50, text: 'Mauvais' }],
    reminders: [{ id: 'r-template', text: 'Casque', order_number: 0 }],
  };
}

describe('templateChanges', () => {
  it('names what was added, changed and removed, a part added or removed with its parent once', () => {
    const base = form();
    const next = form({
      brakesFields: [field('f1', { coefficient: '2' }), field('f3')],
      factor: '1.5',
      extraSections: [{ id: 's2', name: 'Pneus', name_en: 'Tires', subSections: [{ id: 'ss2', name: 'Avant', name_en: null, fields: [field('f9')] }] }],
    });
    const changes = templateChanges(base, next);
    expect(changes.map((c) => `${c.kind} ${c.level} ${c.key} ${c.properties.join(',')}`)).toEqual([
      'changed section s1 factor',
      'changed field f1 coefficient',
      'added field f3 ',
      'added section s2 ',
      'removed field f2 ',
    ]);
    expect(changes.find((c) => c.key === 's2')).toMatchObject({ name: 'Pneus', name_en: 'Tires', parent: null });
  });

  it('says a move as a change of parent, and a list by its level (a reminder’s own id aside)', () => {
    const base = form({ extraSections: [{ id: 's2', name: 'Pneus', name_en: null, subSections: [{ id: 'ss2', name: 'Avant', name_en: null, fields: [] }] }] });
    const next = structuredClone(base);
    const moved = next.sections[0].subSections[0].fields.pop()!;
    next.sections[1].subSections[0].fields.push(moved);
    next.notes = [{ minimum_value: 0, maximum_value: 40, text: 'Mauvais' }];
    next.reminders = [{ id: 'another-id', text: 'Casque', order_number: 0 }];
    expect(templateChanges(base, next)).toEqual([
      { kind: 'changed', level: 'field', key: 'f2', parent: 'ss2', name: 'F f2', name_en: null, properties: ['parent'] },
      { kind: 'changed', level: 'notes', key: 'notes', parent: null, name: '', name_en: null, properties: [] },
    ]);
  });

  it('finds nothing between equal versions, whatever the order of their keys (jsonb keeps its own)', () => {
    expect(templateChanges(form(), form())).toEqual([]);
    const reordered = form({ notes: [{ text: 'Mauvais', maximum_value: 50, minimum_value: 0 }] });
    expect(templateChanges(form(), reordered)).toEqual([]);
  });
});

describe('planTemplateUpdate', () => {
  const base = form();
  const next = form({ brakesFields: [field('f1', { coefficient: '2' }), field('f3')], notes: [{ minimum_value: 0, maximum_value: 40, text: 'Mauvais' }] });

  it('applies every change to a copy left as adopted', () => {
    const plan = planTemplateUpdate(base, next, structuredClone(base));
    expect(plan.kept).toEqual([]);
    expect(plan.apply.map((c) => `${c.kind} ${c.key}`)).toEqual(['changed f1', 'added f3', 'removed f2', 'changed notes']);
  });

  it('keeps what the organization changed or removed, and applies the rest', () => {
    const ours = structuredClone(base);
    ours.sections[0].subSections[0].fields = [field('f1', { coefficient: '3' })]; // f1 changed here, f2 removed here
    ours.notes = [{ minimum_value: 0, maximum_value: 60, text: 'Mauvais' }];
    const plan = planTemplateUpdate(base, next, ours);
    expect(plan.apply.map((c) => `${c.kind} ${c.key}`)).toEqual(['added f3']);
    expect(plan.kept.map((c) => `${c.key} ${c.reason}`)).toEqual(['f1 changed_here', 'notes changed_here']);
  });

  it('takes nothing twice: a change the organization already made, a part it already has', () => {
    const ours = structuredClone(next);
    const plan = planTemplateUpdate(base, next, ours);
    expect(plan).toEqual({ apply: [], kept: [] });
  });

  it('keeps a part the organization built on: its own field inside, or a condition reading it', () => {
    const inside = structuredClone(base);
    inside.sections[0].subSections[0].fields.push(field('local-1'));
    const removeSub = form({ brakesFields: [] });
    removeSub.sections[0].subSections = [];
    expect(planTemplateUpdate(base, removeSub, inside).kept.map((c) => `${c.key} ${c.reason}`)).toEqual(['ss1 used_here']);

    const reading = structuredClone(base);
    reading.sections.push({ id: 'local-s', name: 'Mine', name_en: null, subSections: [{ id: 'local-ss', name: 'X', name_en: null, fields: [field('local-f', { conditions: [{ field: 'f2', operator: '=', value: 'Bon' }] })] }] });
    const plan = planTemplateUpdate(base, next, reading);
    expect(plan.kept.map((c) => `${c.key} ${c.reason}`)).toEqual(['f2 used_here']);
    expect(plan.apply.map((c) => c.key)).toEqual(['f1', 'f3', 'notes']);
  });

  it('does not add into a sub-section the organization removed, and says so', () => {
    const ours = structuredClone(base);
    ours.sections[0].subSections = [];
    const plan = planTemplateUpdate(base, next, ours);
    expect(plan.kept.map((c) => `${c.key} ${c.reason}`)).toEqual(['f1 removed_here', 'f3 parent_removed_here']);
  });
});
