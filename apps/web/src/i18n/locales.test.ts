import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APPS, PERMISSIONS, LOCALES } from '@atelier/domain';
import { MENU } from '../app/navigation.ts';
import { MATRIX_VERBS } from '../areas/admin/permissionMatrix.ts';
import { WORK } from '../areas/dashboard/DashboardPage.tsx';

const SRC = join(import.meta.dirname, '..');
const LOCALE_DIR = join(SRC, 'locales');

type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`)));
}

function load(locale: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const file of readdirSync(join(LOCALE_DIR, locale))) {
    if (!file.endsWith('.json')) continue;
    const tree = JSON.parse(readFileSync(join(LOCALE_DIR, locale, file), 'utf8')) as Tree;
    out.set(file.replace(/\.json$/, ''), new Set(flatten(tree)));
  }
  return out;
}

const locales = Object.fromEntries(LOCALES.map((l) => [l, load(l)]));
const fr = locales.fr;

/** 'ns:a.b' exists in a locale (plural forms: key_one / key_other count as key). */
function has(locale: Map<string, Set<string>>, key: string): boolean {
  const [ns, path] = key.split(':');
  const keys = locale.get(ns);
  return Boolean(keys && (keys.has(path) || keys.has(`${path}_one`) || keys.has(`${path}_other`)));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'locales' ? [] : sourceFiles(p);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('locale files', () => {
  it('have the same files and keys in French and English', () => {
    for (const l of LOCALES) {
      expect([...locales[l].keys()].sort(), `${l} files`).toEqual([...fr.keys()].sort());
      for (const [ns, keys] of fr) {
        const other = locales[l].get(ns)!;
        expect([...other].filter((k) => !keys.has(k)), `${l}/${ns}.json has keys French lacks`).toEqual([]);
        expect([...keys].filter((k) => !other.has(k)), `${l}/${ns}.json lacks keys`).toEqual([]);
      }
    }
  });

  it('have no empty translation', () => {
    for (const l of LOCALES)
      for (const file of readdirSync(join(LOCALE_DIR, l))) {
        const text = readFileSync(join(LOCALE_DIR, l, file), 'utf8');
        expect(text.includes('""'), `${l}/${file}`).toBe(false);
      }
  });

  it('contain every key written in the code', () => {
    const namespaces = [...fr.keys()].join('|');
    // Any string literal 'ns:path.to.key' is a key: t('auth:login.title'), label: 'admin:fields.name' ...
    const literal = new RegExp(`['"\`]((?:${namespaces}):[\\w. -]+)['"\`]`, 'g');
    const missing: string[] = [];
    let count = 0;
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(literal)) {
        count++;
        for (const l of LOCALES) if (!has(locales[l], m[1])) missing.push(`${l} ${m[1]} (${relative(SRC, file)})`);
      }
    }
    expect(count).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('contain the keys built from data (menu, permissions, dashboard)', () => {
    const keys = [
      ...MENU.map((a) => `shell:apps.${a.key}`),
      ...MENU.flatMap((a) => a.items.map((i) => i.label)),
      ...[...new Set(PERMISSIONS.map((p) => p.area))].map((a) => `admin:areas.${a}`),
      ...[...new Set(PERMISSIONS.map((p) => p.subject))].map((s) => `permissions:subjects.${s}`),
      ...MATRIX_VERBS.map((v) => `admin:verbs.${v}`),
      ...PERMISSIONS.filter((p) => p.area !== 'apps' && !(MATRIX_VERBS as readonly string[]).includes(p.verb)).map((p) => `permissions:verbs.${p.verb}`),
      ...APPS.map((a) => `permissions:apps.${a}`),
      ...WORK.map((w) => `dashboard:work.${w.type}`),
      ...LOCALES.map((l) => `common:languages.${l}`),
    ];
    const missing = keys.flatMap((k) => LOCALES.filter((l) => !has(locales[l], k)).map((l) => `${l} ${k}`));
    expect(missing).toEqual([]);
  });
});
