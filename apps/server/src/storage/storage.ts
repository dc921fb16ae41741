// Where the contents of files lie (issue 25): the data folder (one machine, the default) or an
// S3-compatible store (several instances share it). Keys are the `path` columns of uploads and
// imports ("uploads/<organization>/<month>/<id>.<ext>", "imports/<organization>/<id>.<ext>"); the
// database says who may read them, so nothing here is ever public (no bucket URLs are handed out).
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, opendir, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client, paginateListObjectsV2 } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';

export interface StoredObject {
  key: string;
  length: number;
  modified: Date;
}

/** Inclusive byte offsets of a part of a file (an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A part of a file a request asks before its size is known: from `start` (to `end`, else the end), or the last `suffix` bytes. */
export type RangeAsked = { start: number; end: number | null } | { suffix: number };

/** The inclusive offsets a range asked reads of a file of `size` bytes (the end held to the file's); 'unsatisfiable' past the end. */
export function rangeIn(asked: RangeAsked, size: number): ByteRange | 'unsatisfiable' {
  if ('suffix' in asked) return asked.suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - asked.suffix), end: size - 1 };
  if (asked.start >= size) return 'unsatisfiable';
  return { start: asked.start, end: Math.min(asked.end ?? size - 1, size - 1) };
}

/**
 * What a read answers: the contents as a stream, their length, the whole file's size and the
 * part read (null: all of it); a range past the end reads nothing but the size.
 */
export type StoredRead = { body: Readable; length: number; size: number; range: ByteRange | null } | { body: null; length: 0; size: number; range: 'unsatisfiable' };

const unsatisfiable = (size: number): StoredRead => ({ body: null, length: 0, size, range: 'unsatisfiable' });

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Keeps `body` at `key`; a body of another length than announced is refused (nothing kept). */
  put(key: string, body: Buffer | Readable, meta: { type: string; length: number }): Promise<void>;
  /**
   * The contents as a stream with their length and the file's size, in one request to the store;
   * null when absent. With `range`, only the bytes it asks (`length` is then theirs).
   */
  get(key: string, range?: RangeAsked): Promise<StoredRead | null>;
  head(key: string): Promise<StoredObject | null>;
  /** Absent already is no error. */
  delete(key: string): Promise<void>;
  /** Every object under the prefix ("uploads/", "imports/"). */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Throws when the store cannot be reached (readiness). */
  ping(): Promise<void>;
}

/** The only prefixes files are kept under; a key out of them (or climbing out) names nothing. */
export const PREFIXES = ['uploads/', 'imports/'] as const;

export function isKey(key: string) {
  return PREFIXES.some((p) => key.startsWith(p)) && !key.split('/').some((s) => s === '' || s === '.' || s === '..') && !key.includes('\\');
}

/** An uploaded file's key: the only ones a download or a report reads. */
export const isUploadKey = (key: string) => isKey(key) && key.startsWith('uploads/');

function checkKey(key: string) {
  if (!isKey(key)) throw new Error(`Not a storage key: ${key}`);
}

/** The type an import file is kept with, by its format. */
export const importFileType = (format: string) => (format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');

/** Reads a whole object (reports' images, import files); null when absent. */
export async function readAll(storage: Storage, key: string): Promise<Buffer | null> {
  const found = await storage.get(key);
  if (!found?.body) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Deletes the contents once their rows are gone: a failure is logged (a later purge finds them), never an error. */
export async function deleteQuietly(storage: Storage, keys: readonly string[], log: Pick<Console, 'warn'> = console) {
  await Promise.all(
    keys.map((key) =>
      storage.delete(key).catch((err: unknown) => log.warn(`Could not delete the stored file ${key}: ${err instanceof Error ? err.message : String(err)}`)),
    ),
  );
}

const sizeMismatch = (key: string, expected: number, got: number) => new Error(`The contents of ${key} are ${got} bytes, ${expected} announced`);

/** Today's behaviour: files under DATA_DIR, written once (never overwritten), readable by the server only. */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  constructor(readonly root: string) {}

  private file(key: string) {
    checkKey(key);
    const absolute = resolve(this.root, key);
    if (!absolute.startsWith(resolve(this.root) + sep)) throw new Error(`Not a storage key: ${key}`);
    return absolute;
  }

  async put(key: string, body: Buffer | Readable, meta: { type: string; length: number }) {
    const file = this.file(key);
    await mkdir(dirname(file), { recursive: true });
    let written = 0;
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    const counted = source.map((chunk: Buffer) => ((written += chunk.length), chunk));
    try {
      await pipeline(counted, createWriteStream(file, { flags: 'wx', mode: 0o640 }));
      if (written !== meta.length) throw sizeMismatch(key, meta.length, written);
    } catch (err) {
      // An existing file is another upload's: never removed here.
      if ((err as { code?: string }).code !== 'EEXIST') await rm(file, { force: true });
      throw err;
    }
  }

  async get(key: string, asked?: RangeAsked): Promise<StoredRead | null> {
    const file = this.file(key);
    const found = await stat(file).catch(() => null);
    if (!found?.isFile()) return null;
    const size = found.size;
    const range = asked ? rangeIn(asked, size) : null;
    if (range === 'unsatisfiable') return unsatisfiable(size);
    if (range) return { body: createReadStream(file, { start: range.start, end: range.end }), length: range.end - range.start + 1, size, range };
    return { body: createReadStream(file), length: size, size, range: null };
  }

  async head(key: string) {
    const found = await stat(this.file(key)).catch(() => null);
    return found?.isFile() ? { key, length: found.size, modified: found.mtime } : null;
  }

  async delete(key: string) {
    await rm(this.file(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const walk = async function* (dir: string, root: string): AsyncIterable<StoredObject> {
      const entries = await opendir(dir).catch(() => null);
      if (!entries) return;
      for await (const entry of entries) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) yield* walk(path, root);
        else if (entry.isFile()) {
          const found = await stat(path);
          yield { key: relative(root, path).split(sep).join('/'), length: found.size, modified: found.mtime };
        }
      }
    };
    yield* walk(join(this.root, prefix), this.root);
  }

  async ping() {
    // Made when missing: a server that has had no upload yet is still ready.
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }
}

export type S3Settings = NonNullable<Config['s3']>;

/** An S3-compatible store (AWS, MinIO, Ceph, R2, Scaleway…), over its API only: the bucket stays private. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums on every request are an AWS novelty many compatible stores refuse.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer | Readable, meta: { type: string; length: number }) {
    checkKey(key);
    if (Buffer.isBuffer(body) && body.length !== meta.length) throw sizeMismatch(key, meta.length, body.length);
    // The store refuses a body shorter or longer than ContentLength: nothing is kept then.
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: meta.type, ContentLength: meta.length }));
  }

  async get(key: string, asked?: RangeAsked): Promise<StoredRead | null> {
    checkKey(key);
    try {
      // The last bytes (rare: players ask from an offset): the size first, as some compatible stores read a suffix as a start.
      if (asked && 'suffix' in asked) {
        const found = await this.head(key);
        const range = found ? rangeIn(asked, found.length) : null;
        return range === null ? null : range === 'unsatisfiable' ? unsatisfiable(found!.length) : this.get(key, { start: range.start, end: range.end });
      }
      // The store reads the range against the size itself and says both in Content-Range.
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: asked ? `bytes=${asked.start}-${asked.end ?? ''}` : undefined }));
      const length = Number(out.ContentLength ?? 0);
      const part = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(out.ContentRange ?? '');
      // A store that answers a range with the whole file (no Content-Range) is answered whole.
      if (!part) return { body: out.Body as Readable, length, size: length, range: null };
      return { body: out.Body as Readable, length, size: Number(part[3]), range: { start: Number(part[1]), end: Number(part[2]) } };
    } catch (err) {
      if (isMissing(err)) return null;
      // Past the end: only then is the size asked apart (for the 416's Content-Range).
      if (isPastEnd(err)) {
        const found = await this.head(key);
        return found ? unsatisfiable(found.length) : null;
      }
      throw err;
    }
  }

  async head(key: string) {
    checkKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, length: Number(out.ContentLength ?? 0), modified: out.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string) {
    checkKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: prefix })) {
      for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, length: Number(o.Size ?? 0), modified: o.LastModified ?? new Date(0) };
    }
  }

  async ping() {
    // A store that does not answer is not ready: the readiness check answers within seconds.
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(5000) });
  }
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

const isPastEnd = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'InvalidRange' || e.$metadata?.httpStatusCode === 416;
};

const storages = new WeakMap<object, Storage>();

/** The configuration's store, made once per configuration (its client keeps its connections). */
export function storageOf(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  let storage = storages.get(config);
  if (!storage) {
    storage = config.s3 ? new S3Storage(config.s3) : new LocalStorage(config.dataDir);
    storages.set(config, storage);
  }
  return storage;
}

/**
 * Deletes the contents once the transaction deleting their rows has committed (a rolled-back
 * delete keeps them); out of a transaction, at once.
 */
export function deleteAfterCommit(ctx: { config: Pick<Config, 'dataDir' | 's3'>; onCommit?: (fn: () => void) => void }, keys: readonly string[]) {
  if (!keys.length) return;
  const storage = storageOf(ctx.config);
  const run = () => void deleteQuietly(storage, keys);
  if (ctx.onCommit) ctx.onCommit(run);
  else run();
}
