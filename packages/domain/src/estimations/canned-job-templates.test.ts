import { describe, expect, it } from 'vitest';
import { cannedJobChanges, type CannedJobContent, type CannedJobTemplateItem } from './canned-job-templates.ts';

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
