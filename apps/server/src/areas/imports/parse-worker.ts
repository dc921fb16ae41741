import { parentPort } from 'node:worker_threads';
import { FileRefused, parseCsv, parseXlsx } from './bounded.ts';

// The parse worker: reads one spreadsheet at a time off the server's thread (parse-pool.ts).
// Bundled on its own as dist/parse-worker.js (scripts/build.mjs).

parentPort!.on('message', async ({ bytes, format }: { bytes: ArrayBuffer; format: 'csv' | 'xlsx' }) => {
  try {
    const buffer = Buffer.from(bytes);
    const file = format === 'csv' ? parseCsv(buffer) : await parseXlsx(buffer);
    parentPort!.postMessage({ file }, [file.starts.buffer]);
  } catch (err) {
    if (err instanceof FileRefused) parentPort!.postMessage({ refused: { key: err.key, params: err.params } });
    else parentPort!.postMessage({ refused: { key: 'import.malformed_xlsx' }, error: String(err) });
  }
});
