import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { lineOfCode, partReader, readCodes, readerClass } from './barcodeScan.ts';

// The camera's decoding (issue 22): a label's Code 128 and a maker's EAN-13, drawn by bwip-js as
// the labels print them, are read by the kept polyfill (no BarcodeDetector in Node) and name the
// order line whose part carries them, as a code typed in the scan input does.

// Node has no DOMRectReadOnly, the box the detector gives each code in a browser.
(globalThis as { DOMRectReadOnly?: unknown }).DOMRectReadOnly ??= class {
  constructor(
    readonly x = 0,
    readonly y = 0,
    readonly width = 0,
    readonly height = 0,
  ) {}
};

const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
const image = async (bcid: string, text: string) => new Blob([new Uint8Array(await bwipjs.toBuffer({ bcid, text, scale: 3, height: 10, paddingwidth: 10, paddingheight: 10, backgroundcolor: 'FFFFFF' }))], { type: 'image/png' });

const lines = [
  { id: 'l1', product: { sku: 'PLAQ-AV', barcode: '0123456789012' } },
  { id: 'l2', product: { sku: 'FILT-01', barcode: null } },
  { id: 'l3', product: null },
];

describe('scanning a part with the camera', () => {
  it('reads a Code 128 label and an EAN-13, each naming its line', async () => {
    const reader = await partReader(readerClass({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) }));
    const sku = await readCodes(reader, await image('code128', 'FILT-01'));
    expect(sku).toEqual(['FILT-01']);
    expect(lineOfCode(lines, sku[0])?.id).toBe('l2');
    const ean = await readCodes(reader, await image('ean13', '0123456789012'));
    expect(ean).toEqual(['0123456789012']);
    expect(lineOfCode(lines, ean[0])?.id).toBe('l1');
  }, 30_000);

  it('names no line for a code no part carries, nor for nothing', () => {
    expect(lineOfCode(lines, 'plaq-av')?.id).toBe('l1');
    expect(lineOfCode(lines, 'INCONNU')).toBeUndefined();
    expect(lineOfCode(lines, '  ')).toBeUndefined();
  });
});
