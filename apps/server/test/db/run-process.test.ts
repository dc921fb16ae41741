import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runProcess } from '../../src/threads.ts';

// A script run in a process of its own (a new embedded data directory is made so, its memory given
// back when it exits): resolves when it exits cleanly, rejects with what it said when it fails.

const dir = mkdtempSync(join(tmpdir(), 'atelier-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const script = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return pathToFileURL(file);
};

describe('runProcess', () => {
  it('runs the script with its arguments until it exits', async () => {
    const out = join(dir, 'out.txt');
    await runProcess('writer', script('writer.mjs', "import { writeFileSync } from 'node:fs'; writeFileSync(process.argv[2], 'fait');"), [out]);
    expect((await import('node:fs')).readFileSync(out, 'utf8')).toBe('fait');
  });

  it('rejects with the failure the script wrote', async () => {
    await expect(runProcess('failing', script('failing.mjs', "throw new Error('no space left on device');"), [])).rejects.toThrow(/failing failed \(1\):[\s\S]*no space left on device/);
  });
});
