import { defineEnum, type Labels } from '../enums.ts';

// The enumerations of spec §9. Stored values are stable identifiers; the labels are what users read.

export const [FUEL_TYPES, FUEL_TYPE_LABELS] = defineEnum('fuel_types', ['gas', 'hybrid', 'electric', 'plug_in_hybrid', 'diesel', 'cng']);
export type FuelType = (typeof FUEL_TYPES)[number];

export const [TRANSMISSIONS, TRANSMISSION_LABELS] = defineEnum('transmissions', ['automatic', 'manual']);
export type Transmission = (typeof TRANSMISSIONS)[number];

export const [DRIVETRAINS, DRIVETRAIN_LABELS] = defineEnum('drivetrains', ['AWD', '4WD', 'FWD', 'RWD']);
export type Drivetrain = (typeof DRIVETRAINS)[number];

export const [ODOMETER_UNITS, ODOMETER_UNIT_LABELS] = defineEnum('odometer_units', ['km', 'miles']);
export type OdometerUnit = (typeof ODOMETER_UNITS)[number];

export const [TIRE_TYPES, TIRE_TYPE_LABELS] = defineEnum('tire_types', ['standard', 'off_road', 'super_sport']);
export type TireType = (typeof TIRE_TYPES)[number];

export const [TIRE_SEASONS, TIRE_SEASON_LABELS] = defineEnum('tire_seasons', ['summer', 'winter', 'four_seasons']);
export type TireSeason = (typeof TIRE_SEASONS)[number];

/**
 * Vehicle class codes: single letters A to X (spec §9). What each letter stands for is not in
 * the spec; the vehicle keeps its class name beside the code.
 */
export const VEHICLE_CLASS_CODES = [
  'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L',
  'M', 'N', 'O', 'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X',
] as const;
export type VehicleClassCode = (typeof VEHICLE_CLASS_CODES)[number];
export const VEHICLE_CLASS_CODE_LABELS = Object.fromEntries(
  VEHICLE_CLASS_CODES.map((c) => [c, { fr: `Classe ${c}`, en: `Class ${c}` }]),
) as Labels<VehicleClassCode>;
