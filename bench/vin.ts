// VIN decodes per second through the offline decoder the server uses (areas/vehicles/vin-decoder),
// cold (first decode, after the database is unpacked) and warm. Run by bench/run.mjs with tsx;
// prints one JSON object as its last line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vinDecoder } from '../apps/server/src/areas/vehicles/vin-decoder.ts';

// Real VINs of different makes, so the decoder's caches do not answer every call.
const VINS = ['1HGCM82633A004352', '5YJ3E1EA7JF000316', '1G1RA6E42CU100001', 'JTDKB20U093470512', 'JH4KA7561PC008269'];
const DURATION_MS = Number(process.env.BENCH_VIN_MS ?? 5000);

const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-vin-'));
try {
  let started = performance.now();
  const decoder = await vinDecoder(dataDir);
  await decoder.decode(VINS[0]);
  const coldMs = Math.round(performance.now() - started);
  let decodes = 0;
  started = performance.now();
  while (performance.now() - started < DURATION_MS) await decoder.decode(VINS[decodes++ % VINS.length]);
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ scenario: 'vin-decode', coldMs, decodes, decodesPerSecond: Math.round(decodes / seconds), msPerDecode: Math.round((seconds * 1000 * 100) / decodes) / 100 }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
