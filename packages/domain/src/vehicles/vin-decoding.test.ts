import { describe, expect, it } from 'vitest';
import { describeEngine, drivetrainFromNhtsa, fuelTypeFromNhtsa, transmissionFromNhtsa } from './vin-decoding.ts';

describe('fuel types from NHTSA vPIC', () => {
  it.each([
    ['Gasoline', undefined, 'gas'],
    ['Flexible Fuel Vehicle (FFV)', 'Gasoline', 'gas'],
    ['Ethanol (E85)', undefined, 'gas'],
    ['Diesel', undefined, 'diesel'],
    ['Electric', undefined, 'electric'],
    ['Compressed Natural Gas (CNG)', undefined, 'cng'],
    ['Gasoline', 'Electric', 'hybrid'], // Toyota Prius
    ['Electric', 'Gasoline', 'plug_in_hybrid'], // Chevrolet Volt
    ['Plug-in Hybrid', undefined, 'plug_in_hybrid'],
    ['Hybrid', undefined, 'hybrid'],
    ['Hydrogen', undefined, null],
    [undefined, undefined, null],
  ])('%s + %s → %s', (primary, secondary, expected) => {
    expect(fuelTypeFromNhtsa(primary, secondary)).toBe(expected);
  });
});

describe('drivetrains and transmissions from NHTSA vPIC', () => {
  it.each([
    ['AWD/All-Wheel Drive', 'AWD'],
    ['4WD/4-Wheel Drive/4x4', '4WD'],
    ['4x4', '4WD'],
    ['FWD/Front-Wheel Drive', 'FWD'],
    ['RWD/Rear-Wheel Drive', 'RWD'],
    ['4x2', null],
    [null, null],
  ])('%s → %s', (value, expected) => {
    expect(drivetrainFromNhtsa(value)).toBe(expected);
  });

  it.each([
    ['Automatic', 'automatic'],
    ['Continuously Variable Transmission (CVT)', 'automatic'],
    ['Dual-Clutch Transmission (DCT)', 'automatic'],
    ['Manual/Standard', 'manual'],
    ['', null],
  ])('%s → %s', (value, expected) => {
    expect(transmissionFromNhtsa(value)).toBe(expected);
  });
});

describe('engine description', () => {
  it('joins displacement, cylinders and model', () => {
    expect(describeEngine({ displacement: '2.0', cylinders: '4', model: 'MPI Nu PE' })).toBe('2.0 L, 4 cyl., MPI Nu PE');
    expect(describeEngine({ cylinders: '6', model: 'J30A4' })).toBe('6 cyl., J30A4');
    expect(describeEngine({ displacement: '3.49' })).toBe('3.5 L');
    expect(describeEngine({})).toBeNull();
  });
});
