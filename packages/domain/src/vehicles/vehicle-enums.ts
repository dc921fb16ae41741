import { defineEnum, type Labels } from '../enums.ts';

// The enumerations of spec §9. Stored values are stable identifiers; the labels are what users read.

export const [FUEL_TYPES, FUEL_TYPE_LABELS] = defineEnum({
  gas: { fr: 'Essence', en: 'Gas' },
  hybrid: { fr: 'Hybride', en: 'Hybrid' },
  electric: { fr: 'Électrique', en: 'Electric' },
  plug_in_hybrid: { fr: 'Hybride rechargeable', en: 'Plug-in hybrid' },
  diesel: { fr: 'Diesel', en: 'Diesel' },
  cng: { fr: 'Gaz naturel comprimé (GNC)', en: 'Compressed natural gas (CNG)' },
});
export type FuelType = (typeof FUEL_TYPES)[number];

export const [TRANSMISSIONS, TRANSMISSION_LABELS] = defineEnum({
  automatic: { fr: 'Automatique', en: 'Automatic' },
  manual: { fr: 'Manuelle', en: 'Manual' },
});
export type Transmission = (typeof TRANSMISSIONS)[number];

export const [DRIVETRAINS, DRIVETRAIN_LABELS] = defineEnum({
  AWD: { fr: 'Intégrale (AWD)', en: 'All-wheel drive (AWD)' },
  '4WD': { fr: '4 roues motrices (4WD)', en: 'Four-wheel drive (4WD)' },
  FWD: { fr: 'Traction (FWD)', en: 'Front-wheel drive (FWD)' },
  RWD: { fr: 'Propulsion (RWD)', en: 'Rear-wheel drive (RWD)' },
});
export type Drivetrain = (typeof DRIVETRAINS)[number];

export const [ODOMETER_UNITS, ODOMETER_UNIT_LABELS] = defineEnum({
  km: { fr: 'Kilomètres', en: 'Kilometres' },
  miles: { fr: 'Milles', en: 'Miles' },
});
export type OdometerUnit = (typeof ODOMETER_UNITS)[number];

export const [TIRE_TYPES, TIRE_TYPE_LABELS] = defineEnum({
  standard: { fr: 'Standard', en: 'Standard' },
  off_road: { fr: 'Tout-terrain', en: 'Off-road' },
  super_sport: { fr: 'Super sport', en: 'Super sport' },
});
export type TireType = (typeof TIRE_TYPES)[number];

export const [TIRE_SEASONS, TIRE_SEASON_LABELS] = defineEnum({
  summer: { fr: 'Été', en: 'Summer' },
  winter: { fr: 'Hiver', en: 'Winter' },
  four_seasons: { fr: 'Quatre saisons', en: 'Four seasons' },
});
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
