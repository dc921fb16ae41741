import type { Drivetrain, FuelType, Transmission } from './vehicle-enums.ts';

/**
 * What a VIN decode proposes for a new vehicle (the add-vehicle form fills itself with it).
 * Every member may be missing: the offline database knows some makes better than others.
 */
export interface DecodedVehicle {
  vin: string;
  make: string | null;
  model: string | null;
  model_year: number | null;
  series: string | null;
  style: string | null;
  engine_description: string | null;
  fuel_type: FuelType | null;
  transmission: Transmission | null;
  drivetrain: Drivetrain | null;
  plant: string | null;
}

// NHTSA vPIC writes its values in English free text ("Compressed Natural Gas (CNG)",
// "AWD/All-Wheel Drive"); these map them to our enumerations, or null when nothing fits.

const isElectric = (s: string) => /electric/i.test(s);

/**
 * vPIC gives a primary and a secondary fuel. Electric plus a combustion fuel is a hybrid; which
 * one is primary tells a plug-in (Chevrolet Volt: electric, then gasoline) from a conventional
 * hybrid (Toyota Prius: gasoline, then electric).
 */
export function fuelTypeFromNhtsa(primary?: string | null, secondary?: string | null): FuelType | null {
  const p = primary?.trim() ?? '';
  const s = secondary?.trim() ?? '';
  if (/plug-?in/i.test(p) || /plug-?in/i.test(s)) return 'plug_in_hybrid';
  if (p && s && isElectric(p) !== isElectric(s)) return isElectric(p) ? 'plug_in_hybrid' : 'hybrid';
  if (/hybrid/i.test(p)) return 'hybrid';
  if (isElectric(p)) return 'electric';
  if (/diesel/i.test(p)) return 'diesel';
  if (/\bCNG\b|compressed natural gas/i.test(p)) return 'cng';
  if (/gasoline|flexible fuel|ethanol|\bE85\b/i.test(p)) return 'gas';
  return null;
}

export function drivetrainFromNhtsa(driveType?: string | null): Drivetrain | null {
  const d = driveType?.trim().toUpperCase() ?? '';
  if (d.startsWith('AWD') || d.includes('ALL-WHEEL')) return 'AWD';
  if (d.startsWith('4WD') || d.startsWith('4X4') || d.includes('4-WHEEL')) return '4WD';
  if (d.startsWith('FWD') || d.includes('FRONT-WHEEL')) return 'FWD';
  if (d.startsWith('RWD') || d.includes('REAR-WHEEL')) return 'RWD';
  // "4x2" says two driven wheels, not which ones.
  return null;
}

export function transmissionFromNhtsa(style?: string | null): Transmission | null {
  const t = style?.trim().toLowerCase() ?? '';
  if (!t) return null;
  if (t.includes('manual') || t.includes('standard')) return 'manual';
  // CVT, DCT and automated manuals are driven as automatics.
  if (/automatic|cvt|continuously|dual-clutch|dct|automated/.test(t)) return 'automatic';
  return null;
}

/** "3.5 L, 6 cyl., J35A" from what vPIC knows of the engine (no units to translate). */
export function describeEngine(engine: { displacement?: string | null; cylinders?: string | null; model?: string | null }): string | null {
  const parts: string[] = [];
  const litres = Number(engine.displacement);
  if (engine.displacement && Number.isFinite(litres) && litres > 0) parts.push(`${litres.toFixed(1)} L`);
  if (engine.cylinders && /^\d+$/.test(engine.cylinders.trim())) parts.push(`${engine.cylinders.trim()} cyl.`);
  if (engine.model?.trim()) parts.push(engine.model.trim());
  return parts.length ? parts.join(', ') : null;
}
