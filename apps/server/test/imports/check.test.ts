import { describe, expect, it } from 'vitest';
import { AREAS } from '../../src/areas/index.ts';
import { importRegistry } from '../../src/areas/importable.ts';
import { checkLines, type CheckRequest, type Verdict } from '../../src/areas/imports/check.ts';
import { checkInWorker } from '../../src/areas/imports/lines-pool.ts';
import { knownKey } from '../../src/areas/imports/matching.ts';
import type { Relationship } from '../../src/jsonapi/relationships.ts';
import { registryOf } from '../../src/jsonapi/registry.ts';

// Reading an import's lines off the server's thread (issue 29): what the lines worker decides
// alone, and what it leaves to the engine because an earlier line of the chunk may change it.

const registry = registryOf(AREAS);
const VIN = 'TESTV000000000001';
const OTHER = 'TESTV000000000002';
const vehicle = { id: 'a3b1c6d2-0000-4000-8000-000000000001', vin: VIN, make: 'Honda', color: 'Gris', customer_id: null };

/** A chunk of the vehicles model (NIV, Marque, Année, Couleur); the map knows VIN's record and that OTHER has none. */
const request = (rows: string[][], over: Partial<CheckRequest> = {}): CheckRequest => ({
  model: 'vehicles',
  columns: ['NIV', 'Marque', 'Année', 'Couleur'],
  mapping: { NIV: 'vin', Marque: 'make', Année: 'model_year', Couleur: 'color' },
  locale: 'fr',
  rights: { create: true, edit: true },
  rows,
  firstLine: 2,
  known: new Map([
    [knownKey('vin', VIN), vehicle],
    [knownKey('vin', OTHER), null],
  ]),
  refs: new Map(),
  ...over,
});

const kinds = (verdicts: Verdict[]) => verdicts.map((v) => ('result' in v ? (v.result.success ? v.result.action : 'failed') : 'create' in v ? 'create' : 'engine'));

describe('reading lines without the database', () => {
  it('reads a new record by the rules of POST, and refuses a bad line with its messages in the import’s language', () => {
    const rows = [
      [OTHER.toLowerCase(), 'Kia', '2021', ''],
      ['', 'Kia', '1800', ''],
      ['', '', '', ''],
    ];
    const verdicts = checkLines(registry, request(rows));
    expect(kinds(verdicts)).toEqual(['create', 'failed', 'skipped']);
    const create = verdicts[0] as Extract<Verdict, { create: unknown }>;
    expect(create.create.key).toBe(knownKey('vin', OTHER));
    expect(create.create.input.values).toEqual({ vin: OTHER, make: 'Kia', model_year: 2021 });
    const failed = verdicts[1] as Extract<Verdict, { result: unknown }>;
    expect(failed.result).toMatchObject({ line: 3, data: { NIV: '', Marque: 'Kia', Année: '1800', Couleur: '' } });
    expect(failed.result.errors.map((e) => [e.column, e.code])).toEqual([
      ['Année', 'validation.model_year'],
      ['NIV', 'validation.required'],
    ]);
    expect(failed.result.errors[0].detail).toMatch(/^L’année modèle doit être comprise entre 1900 et/);
    const english = checkLines(registry, request(rows, { locale: 'en' }))[1] as Extract<Verdict, { result: unknown }>;
    expect(english.result.errors[1].detail).toBe('This field is required');
  });

  it('decides a matched record’s line: unchanged is skipped, a change needs the right to edit, then goes to the engine', () => {
    const same = [VIN, 'Honda', '', 'Gris'];
    const changed = [VIN, 'Honda', '', 'Rouge'];
    expect(kinds(checkLines(registry, request([same])))).toEqual(['skipped']);
    expect((checkLines(registry, request([same]))[0] as Extract<Verdict, { result: unknown }>).result.model_id).toBe(vehicle.id);
    expect(kinds(checkLines(registry, request([changed])))).toEqual(['engine']);
    const refused = checkLines(registry, request([changed], { rights: { create: false, edit: false } }))[0] as Extract<Verdict, { result: unknown }>;
    expect(refused.result.errors[0]).toMatchObject({ code: 'vehicle.forbidden_edit', detail: "Vous n'avez pas la permission de modifier un véhicule." });
    const notNew = checkLines(registry, request([[OTHER, 'Kia', '', '']], { rights: { create: false, edit: true } }))[0] as Extract<Verdict, { result: unknown }>;
    expect(notNew.result.errors[0].code).toBe('vehicle.forbidden_add');
  });

  it('leaves to the engine a line whose record an earlier line of the chunk writes', () => {
    // Line 3 is compared with the record as line 2 changes it, line 5 with the one line 4 creates:
    // the engine sees them written.
    const rows = [
      [VIN, 'Honda', '', 'Rouge'],
      [VIN, 'Honda', '', 'Gris'],
      [OTHER, 'Kia', '', ''],
      [OTHER, 'Kia', 'lots', ''],
    ];
    expect(kinds(checkLines(registry, request(rows)))).toEqual(['engine', 'engine', 'create', 'engine']);
    // A refused line writes nothing: the next line on its record is decided alone.
    expect(kinds(checkLines(registry, request([[VIN, 'Honda', 'lots', ''], [VIN, 'Honda', '', 'Gris']])))).toEqual(['failed', 'skipped']);
  });

  it('leaves to the engine a key the map cannot tell, and after it every matched record', () => {
    const customers = request(
      [
        ['Léa', 'Tremblay', ''],
        ['', '', 'lea@example.test'],
      ],
      {
        model: 'customers',
        columns: ['Prénom', 'Nom', 'Courriel'],
        mapping: { Prénom: 'firstname', Nom: 'lastname', Courriel: 'email' },
        known: new Map([[knownKey('email', 'lea@example.test'), { id: 'a3b1c6d2-0000-4000-8000-000000000002', email: 'lea@example.test', firstname: null }]]),
      },
    );
    expect(kinds(checkLines(registry, customers))).toEqual(['engine', 'engine']);
  });

  it('runs in the lines worker thread; a chunk it cannot read fails', async () => {
    const verdicts = await checkInWorker(request([[OTHER, 'Kia', '2021', ''], ['', 'Kia', '', '']]));
    expect(kinds(verdicts)).toEqual(['create', 'failed']);
    // The input crossed the thread whole (its set of present fields included).
    expect([...(verdicts[0] as Extract<Verdict, { create: unknown }>).create.input.present]).toEqual(['vin', 'make', 'model_year']);
    await expect(checkInWorker(request([[VIN]], { model: 'spaceships' }))).rejects.toThrow(/lines worker: .*import.model_unknown/);
  });

  it('the worker’s registry (importable.ts) holds every area’s import models, the types they write and those their fields name', () => {
    const worker = importRegistry();
    expect([...worker.importModels.keys()].sort()).toEqual([...registry.importModels.keys()].sort());
    for (const model of registry.importModels.values()) {
      expect(worker.importModels.get(model.name)).toBe(model);
      expect(worker.resource(model.type)).toBe(registry.resource(model.type));
      for (const field of Object.keys(model.fields).filter((f) => model.fields[f].relation)) {
        const rel = registry.resource(model.type).relationships![field] as Extract<Relationship, { kind: 'belongsTo' }>;
        expect(worker.resource(rel.type)).toBe(registry.resource(rel.type));
      }
    }
  });
});
