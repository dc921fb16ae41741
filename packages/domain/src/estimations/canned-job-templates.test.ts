import { describe, expect, it } from 'vitest';
import { cannedJobChanges, planCannedJobUpdate, type CannedJobContent, type CannedJobTemplateItem } from './canned-job-templates.ts';

const line = (detail: string, more: Partial<CannedJobTemplateItem> = {}): CannedJobTemplateItem => ({
  detail,
  part: null,
  part_number: null,
  quantity: '1',
  unit_price: null,
  manual_labour: null,
  time: null,
  hourly_rate: null,
  ...more,
});
const BASE: CannedJobContent = {
  name: 'Plaquettes avant',
  code: 'FREIN-AV',
  notes: null,
  items: [line('Plaquettes avant', { part_number: 'PF123', time: '1.2' }), line('Nettoyage')],
  triggers: [{ field: 'k1', field_name: 'Plaquettes', field_name_en: 'Pads', value: 'bad' }],
};

describe('what changed between two versions of a canned job template', () => {
  it('is nothing for the same content', () => {
    expect(cannedJobChanges(BASE, structuredClone(BASE))).toEqual([]);
  });

  it('says the job’s properties, the lines changed, added and removed (by their text, any case), the triggers', () => {
    const next: CannedJobContent = {
      ...BASE,
      notes: 'Au temps du réseau',
      items: [line('PLAQUETTES AVANT', { part_number: 'PF123', time: '1.5' }), line('Rodage', { time: '0.2' })],
      triggers: [{ field: 'k1', field_name: 'Plaquettes', field_name_en: 'Pads', value: 'to_replace' }],
    };
    expect(cannedJobChanges(BASE, next).map((c) => [c.kind, c.level, c.name, c.properties])).toEqual([
      ['changed', 'job', 'Plaquettes avant', ['notes']],
      ['changed', 'item', 'PLAQUETTES AVANT', ['time']],
      ['added', 'item', 'Rodage', []],
      ['removed', 'item', 'Nettoyage', []],
      ['added', 'trigger', 'Plaquettes : to_replace', []],
      ['removed', 'trigger', 'Plaquettes : bad', []],
    ]);
    expect(cannedJobChanges(BASE, next).find((c) => c.level === 'trigger')?.name_en).toBe('Pads: to_replace');
  });

  it('tells two lines of the same text apart by their order', () => {
    const twice: CannedJobContent = { ...BASE, items: [line('Filtre'), line('Filtre', { quantity: '2' })] };
    const changed: CannedJobContent = { ...BASE, items: [line('Filtre'), line('Filtre', { quantity: '3' })] };
    expect(cannedJobChanges(twice, changed).map((c) => [c.kind, c.key, c.properties])).toEqual([['changed', 'filtre#2', ['quantity']]]);
  });
});

describe('taking a newer version into the organization’s job', () => {
  const next: CannedJobContent = {
    ...BASE,
    notes: 'Au temps du réseau',
    code: 'FREIN-AVANT',
    items: [line('Plaquettes avant', { part_number: 'PF123', time: '1.5' }), line('Rodage', { time: '0.2' })],
    triggers: [...BASE.triggers, { field: 'k2', field_name: 'Disques', field_name_en: null, value: 'bad' }],
  };
  const what = (p: ReturnType<typeof planCannedJobUpdate>) => ({
    apply: p.apply.map((c) => [c.kind, c.level, c.key, c.properties]),
    kept: p.kept.map((c) => [c.kind, c.level, c.key, c.properties, c.reason]),
  });

  it('takes every change when the organization left its job as it was', () => {
    expect(what(planCannedJobUpdate(BASE, next, structuredClone(BASE))).kept).toEqual([]);
    expect(planCannedJobUpdate(BASE, next, structuredClone(BASE)).apply).toEqual(cannedJobChanges(BASE, next));
  });

  it('keeps what the organization changed or removed, and takes the rest', () => {
    const ours: CannedJobContent = { ...BASE, code: 'MON-CODE', items: [line('Plaquettes avant', { part_number: 'PF123', time: '2' })], triggers: [] };
    expect(what(planCannedJobUpdate(BASE, next, ours))).toEqual({
      apply: [
        ['changed', 'job', 'job', ['notes']],
        ['added', 'item', 'rodage#1', []],
        ['added', 'trigger', 'k2:bad', []],
      ],
      kept: [
        ['changed', 'job', 'job', ['code'], 'changed_here'],
        ['changed', 'item', 'plaquettes avant#1', ['time'], 'changed_here'],
      ],
    });
  });

  it('says nothing of an edit the organization made as the template did', () => {
    const ours: CannedJobContent = { ...BASE, notes: 'Au temps du réseau', items: [line('Plaquettes avant', { part_number: 'PF123', time: '1.5' }), line('Nettoyage')] };
    const plan = what(planCannedJobUpdate(BASE, next, ours));
    expect(plan.kept).toEqual([]);
    expect(plan.apply).toContainEqual(['changed', 'job', 'job', ['code']]);
    expect(plan.apply).not.toContainEqual(['changed', 'item', 'plaquettes avant#1', ['time']]);
  });
});
