import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';

/** A free TCP port on the loopback. */
export const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

/**
 * A local S3-compatible server (s3rver) with an `atelier` bucket, for the tests of files on object
 * storage; `env` configures a server for it, `stop` removes it and its files.
 */
export async function startS3(): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  const port = await freePort();
  const directory = mkdtempSync(join(tmpdir(), 'atelier-s3rver-'));
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'atelier' }] }) as { run(): Promise<unknown>; close(): Promise<void> };
  await server.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'atelier',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
