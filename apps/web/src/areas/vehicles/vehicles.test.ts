import { describe, expect, it } from 'vitest';
import { declarations, REQUEST_PRIORITIES, requestWorkflow } from '@atelier/domain';
import type { Model } from '../../api/jsonapi.ts';
import type { User } from '../../api/types.ts';
import i18n from '../../i18n/index.ts';
import { vehicleOption } from '../../components/resource/recordNames.tsx';
import { newRecordLocations, odometerText, requestVehicle, vehicleName } from './common.tsx';
import { fromLocalInput, toLocalInput } from '../../components/DateTimeInput.tsx';
import { OPEN_REQUEST_STATES, PRIORITY_COLORS, requestEnums } from './enums.ts';
import { stateColor } from '../../components/resource/workflowState.ts';
import { enumLabel } from '../../components/resource/declared.tsx';

const m = (attrs: Record<string, unknown>): Model => ({ id: '1', type: 'vehicles', ...attrs });

describe('vehicle names', () => {
  it('reads "year make model", falling back to the VIN', () => {
    expect(vehicleName(m({ model_year: 2003, make: 'Honda', model: 'Accord', vin: '1HGCM82633A004352' }))).toBe('2003 Honda Accord');
    expect(vehicleName(m({ vin: '1HGCM82633A004352' }))).toBe('1HGCM82633A004352');
    expect(vehicleOption(m({ model_year: 2003, make: 'Honda', model: 'Accord', vin: '1HGCM82633A004352' }))).toBe('2003 Honda Accord · 1HGCM82633A004352');
  });
  it('names a request by its vehicle, else the VIN or stock number typed', () => {
    expect(requestVehicle({ id: 'r', type: 'requests', vehicle: m({ model_year: 2019, make: 'Tesla', model: 'Model 3' }), vehicle_vin: 'X' })).toBe('2019 Tesla Model 3');
    expect(requestVehicle({ id: 'r', type: 'requests', vehicle: null, vehicle_vin: '2HGFC2F58JH512345' })).toBe('2HGFC2F58JH512345');
    expect(requestVehicle({ id: 'r', type: 'requests', vehicle: null, vehicle_vin: null, vehicle_sku: 'LOT-7' })).toBe('LOT-7');
  });
  it('formats the odometer for fr-CA and en-CA with its unit', async () => {
    await i18n.changeLanguage('fr');
    expect(odometerText(m({ odometer: 212400, odometer_unit: 'km' })).replace(/\s/g, ' ')).toBe('212 400 km');
    await i18n.changeLanguage('en');
    expect(odometerText(m({ odometer: 212400, odometer_unit: 'miles' }))).toBe('212,400 mi');
    expect(odometerText(m({ odometer: null }))).toBe('');
    await i18n.changeLanguage('fr');
  });
});

describe('enumerations', () => {
  it('label every value in the current language', async () => {
    await i18n.changeLanguage('fr');
    expect(enumLabel(declarations.vehicles.attributes.fuel_type, 'plug_in_hybrid')).toBe('Hybride rechargeable');
    expect(requestEnums.priority(30)).toBe('Haute');
    expect(requestEnums.states().map((o) => o.label)).toEqual(['Brouillon', 'Assignée', 'Approuvée', 'Complétée', 'Annulée']);
    await i18n.changeLanguage('en');
    expect(enumLabel(declarations.vehicles.attributes.drivetrain, 'AWD')).toBe('All-wheel drive (AWD)');
    expect(requestEnums.priorities().map((o) => [o.value, o.label])).toEqual([['10', 'Low'], ['20', 'Medium'], ['30', 'High']]);
    expect(declarations.vehicles.attributes.class_code.values).toHaveLength(24);
    expect(requestEnums.type('unknown')).toBe('unknown');
    // A stored value named like Object.prototype's members is shown as it is.
    expect(requestEnums.state('constructor')).toBe('constructor');
    expect(requestEnums.type('__proto__')).toBe('__proto__');
    await i18n.changeLanguage('fr');
  });
  it('give every state and priority a colour, and keep completed and canceled out of open work', () => {
    for (const s of requestWorkflow.states) expect(stateColor(requestWorkflow, s)).toBeTruthy();
    expect(stateColor(requestWorkflow, 'constructor')).toBe('gray');
    for (const p of REQUEST_PRIORITIES) expect(PRIORITY_COLORS[String(p)]).toBeTruthy();
    expect(OPEN_REQUEST_STATES).toEqual(['draft', 'assigned', 'approved']);
  });
});

describe('new records', () => {
  const me = { id: 'u', type: 'users', firstname: 'M', lastname: 'G', email: 'm@x', allowedLocations: [{ id: 'mtl', type: 'locations', name: 'Montréal' }, { id: 'lav', type: 'locations', name: 'Laval' }] } as unknown as User;
  it('take the globally selected locations, else the user’s own (spec §5)', () => {
    expect(newRecordLocations(me, { organization: null, locations: ['lav'] })).toEqual(['lav']);
    expect(newRecordLocations(me, { organization: null, locations: [] })).toEqual(['mtl', 'lav']);
    expect(newRecordLocations({ ...me, allowedLocations: undefined } as User, { organization: null, locations: [] })).toEqual([]);
  });
});

describe('due date input', () => {
  it('round-trips an instant through the local input value', () => {
    const iso = '2026-11-24T15:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('not a date')).toBe('');
    expect(fromLocalInput('')).toBe('');
  });
});
