import { BarcodeDetector as KeptDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import decoderUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

// Reading barcodes with the camera (issue 22): the browser's BarcodeDetector where it has one
// (Chrome on Android, Safari), else the kept polyfill (barcode-detector, zxing-cpp compiled to
// WebAssembly), its decoder served by this app rather than a CDN (a parts room may be offline).

/** The barcodes parts carry: Code 128 (our labels), EAN/UPC (the makers'), Code 39, QR. */
export const PART_FORMATS = ['code_128', 'ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_39', 'qr_code'] as const;

export interface CodeReader {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
type ReaderClass = { new (options?: { formats: string[] }): CodeReader; getSupportedFormats(): Promise<string[]> };

let decoderPrepared = false;

/** The browser's detector, else the polyfill (its decoder from `wasm`: this app's copy by default). */
export function readerClass(wasm: { locateFile?: (path: string, prefix: string) => string; wasmBinary?: ArrayBuffer } = {}): ReaderClass {
  const native = (globalThis as { BarcodeDetector?: ReaderClass }).BarcodeDetector;
  if (native) return native;
  if (!decoderPrepared || wasm.wasmBinary) {
    prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? decoderUrl : prefix + path), ...wasm }, fireImmediately: false });
    decoderPrepared = true;
  }
  return KeptDetector as unknown as ReaderClass;
}

/** A reader of the formats parts carry that this detector knows. */
export async function partReader(Reader: ReaderClass = readerClass()): Promise<CodeReader> {
  const known = new Set(await Reader.getSupportedFormats());
  return new Reader({ formats: PART_FORMATS.filter((f) => known.has(f)) });
}

/** The codes read in an image (a video frame, a photo), in the order found. */
export async function readCodes(reader: CodeReader, source: ImageBitmapSource): Promise<string[]> {
  return (await reader.detect(source)).map((b) => b.rawValue.trim()).filter(Boolean);
}

/** A line a scanned code may name: its product's barcode or SKU. */
export interface ScannableLine {
  id: string;
  product?: unknown;
}

/** The line whose product's barcode or SKU is the code (whatever the case), if any. */
export function lineOfCode<L extends ScannableLine>(lines: readonly L[], code: string): L | undefined {
  const wanted = code.trim().toLowerCase();
  if (!wanted) return undefined;
  return lines.find((l) => {
    const p = l.product as { barcode?: string | null; sku?: string | null } | null | undefined;
    return Boolean(p) && [p?.barcode, p?.sku].some((c) => typeof c === 'string' && c.toLowerCase() === wanted);
  });
}
