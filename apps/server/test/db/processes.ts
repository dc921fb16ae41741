// Atelier servers as processes, for the tests that need real ones (durability, several instances):
// run from src/main.ts through tsx, so a test exercises this checkout's code, not an older dist/.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../helpers.ts';

const SERVER_ROOT = resolve(import.meta.dirname, '../..');
const MAIN = join(SERVER_ROOT, 'src/main.ts');
const MEDIA = 'application/vnd.api+json';
/** Starting on an empty PGlite directory runs initdb, migrations and the demo seed. */
const START_TIMEOUT = 150_000;

export interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
}

export function startServer(env: Record<string, string | undefined>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: SERVER_ROOT,
    env: { ...process.env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${START_TIMEOUT} ms:\n${out}`));
    }, START_TIMEOUT);
    const onData = () => {
      const m = /Atelier is ready: (http:\/\/\S+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolvePromise({ child, url: m[1], output: () => out });
    };
    child.stdout!.on('data', onData);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before it was ready:\n${out}`));
    });
  });
}

/** Runs a server that is expected to stop by itself; resolves with its exit code and output. */
export function runToExit(env: Record<string, string | undefined>, timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: SERVER_ROOT,
    env: { ...process.env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not stop within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, output: out });
    });
  });
}

export function killHard(server: Server): Promise<void> {
  return new Promise((resolvePromise) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolvePromise();
    server.child.once('exit', () => resolvePromise());
    server.child.kill('SIGKILL');
  });
}

export async function login(server: Server, email = 'manager@atelier.test'): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: MEDIA },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { access_token?: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.access_token!;
}

export async function api(server: Server, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { accept: MEDIA, authorization: `Bearer ${token}`, ...(body ? { 'content-type': MEDIA } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

