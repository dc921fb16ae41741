import type { Locale } from '../locale.ts';

/** A value's name in each language, for the web's selects and badges. */
export type Labels<T extends string | number> = Record<T, Record<Locale, string>>;

// The enumerations of spec §9. Stored values are stable identifiers; the labels are what users read.

export const FUEL_TYPES = ['gas', 'hybrid', 'electric', 'plug_in_hybrid', 'diesel', 'cng'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];
export const FUEL_TYPE_LABELS: Labels<FuelType> = {
  gas: { fr: 'Essence', en: 'Gas' },
  hybrid: { fr: 'Hybride', en: 'Hybrid' },
  electric: { fr: 'Électrique', en: 'Electric' },
  plug_in_hybrid: { fr: 'Hybride rechargeable', en: 'Plug-in hybrid' },
  diesel: { fr: 'Diesel', en: 'Diesel' },
  cng: { fr: 'Gaz naturel comprimé (GNC)', en: 'Compressed natural gas (CNG)' },
};

export const TRANSMISSIONS = ['automatic', 'manual'] as const;
export type Transmission = (typeof TRANSMISSIONS)[number];
export const TRANSMISSION_LABELS: Labels<Transmission> = {
  automatic: { fr: 'Automatique', en: 'Automatic' },
  manual: { fr: 'Manuelle', en: 'Manual' },
};

export const DRIVETRAINS = ['AWD', '4WD', 'FWD', 'RWD'] as const;
export type Drivetrain = (typeof DRIVETRAINS)[number];
export const DRIVETRAIN_LABELS: Labels<Drivetrain> = {
  AWD: { fr: 'Intégrale (AWD)', en: 'All-wheel drive (AWD)' },
  '4WD': { fr: '4 roues motrices (4WD)', en: 'Four-wheel drive (4WD)' },
  FWD: { fr: 'Traction (FWD)', en: 'Front-wheel drive (FWD)' },
  RWD: { fr: 'Propulsion (RWD)', en: 'Rear-wheel drive (RWD)' },
};

export const ODOMETER_UNITS = ['km', 'miles'] as const;
export type OdometerUnit = (typeof ODOMETER_UNITS)[number];
export const ODOMETER_UNIT_LABELS: Labels<OdometerUnit> = {
  km: { fr: 'Kilomètres', en: 'Kilometres' },
  miles: { fr: 'Milles', en: 'Miles' },
};

export const TIRE_TYPES = ['standard', 'off_road', 'super_sport'] as const;
export type TireType = (typeof TIRE_TYPES)[number];
export const TIRE_TYPE_LABELS: Labels<TireType> = {
  standard: { fr: 'Standard', en: 'Standard' },
  off_road: { fr: 'Tout-terrain', en: 'Off-road' },
  super_sport: { fr: 'Super sport', en: 'Super sport' },
};

export const TIRE_SEASONS = ['summer', 'winter', 'four_seasons'] as const;
export type TireSeason = (typeof TIRE_SEASONS)[number];
export const TIRE_SEASON_LABELS: Labels<TireSeason> = {
  summer: { fr: 'Été', en: 'Summer' },
  winter: { fr: 'Hiver', en: 'Winter' },
  four_seasons: { fr: 'Quatre saisons', en: 'Four seasons' },
};

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
