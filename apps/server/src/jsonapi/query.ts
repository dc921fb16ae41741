import { badRequest } from './errors.ts';
import type { ResourceDefinition } from './define-resource.ts';
import type { Registry } from './registry.ts';
import { own } from './own.ts';

export const MAX_INCLUDE_DEPTH = 3;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** Past this page a client is walking the table: 10 million rows at the largest size. */
export const MAX_PAGE_NUMBER = 100_000;
/** Sizes up to this are served as the type's largest page (older clients ask for 999999); beyond, a 400. */
export const MAX_ASKED_PAGE_SIZE = 1_000_000;

/** The largest page a type serves: its own ceiling (options: an organization's whole map), else MAX_PAGE_SIZE. */
export const pageCeiling = (def: ResourceDefinition) => def.maxPageSize ?? MAX_PAGE_SIZE;

/** include=a,b.c as a tree: { a: {}, b: { c: {} } }. */
export type IncludeTree = Map<string, IncludeTree>;

export interface ParsedQuery {
  include: IncludeTree;
  fields: Map<string, Set<string>>;
  filters: Map<string, string>;
  sort: { name: string; desc: boolean }[];
  /** capped: a larger size was asked than the type serves (meta.page.max_size says so). */
  page: { number: number; size: number; capped?: boolean };
  addData: string[];
}

type Raw = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);
const bracket = /^(\w+)\[([^\]]+)\]$/;

/** Parses and checks the JSON:API query parameters against the resource's declaration. */
export function parseQuery(registry: Registry, def: ResourceDefinition, raw: Raw, opts: { list: boolean }): ParsedQuery {
  const q: ParsedQuery = {
    include: new Map(),
    fields: new Map(),
    filters: new Map(),
    sort: [],
    page: { number: 1, size: DEFAULT_PAGE_SIZE },
    addData: [],
  };

  for (const [key, value] of Object.entries(raw)) {
    const v = one(value) ?? '';
    const m = bracket.exec(key);
    if (key === 'include') q.include = parseInclude(registry, def, v);
    else if (key === 'sort' && opts.list) q.sort = parseSort(def, v);
    else if (key === 'add_data') q.addData = parseAddData(def, v);
    else if (m?.[1] === 'fields') {
      if (!registry.has(m[2])) throw badRequest('error.invalid_fields', { type: m[2] }, key);
      q.fields.set(m[2], new Set(v.split(',').filter(Boolean)));
    } else if (m?.[1] === 'filter' && opts.list) q.filters.set(m[2], v);
    else if (m?.[1] === 'page' && opts.list) {
      if (m[2] !== 'number' && m[2] !== 'size') throw badRequest('error.unknown_parameter', { name: key }, key);
      const n = /^\d{1,7}$/.test(v) ? Number(v) : NaN;
      const limit = m[2] === 'size' ? MAX_ASKED_PAGE_SIZE : MAX_PAGE_NUMBER;
      const ceiling = pageCeiling(def);
      if (!(n >= 1 && n <= limit)) throw badRequest('error.invalid_page', { max: ceiling, pages: MAX_PAGE_NUMBER }, key);
      // Older clients ask for huge pages (option lists: 999999); they get the largest page the type serves.
      if (m[2] === 'number') q.page.number = n;
      else {
        q.page.size = Math.min(n, ceiling);
        q.page.capped = n > ceiling;
      }
    }
    // filter[state][]=… (how qs and axios write a list) is not ignored: the list would come unfiltered.
    else if (!m && /^(filter|fields|page)\[/.test(key)) throw badRequest('error.unknown_parameter', { name: key }, key);
  }
  if (opts.list && q.sort.length === 0 && def.defaultSort) q.sort = parseSort(def, def.defaultSort);
  return q;
}

function parseInclude(registry: Registry, def: ResourceDefinition, value: string): IncludeTree {
  const tree: IncludeTree = new Map();
  for (const path of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const parts = path.split('.');
    if (parts.length > MAX_INCLUDE_DEPTH) throw badRequest('error.include_too_deep', { max: MAX_INCLUDE_DEPTH }, 'include');
    let node = tree;
    let current = def;
    for (const name of parts) {
      const r = own(current.relationships, name);
      // A polymorphic relationship ends the path: what lies below depends on each record's type.
      const polymorphicEnd = r?.kind === 'polymorphic' && name === parts[parts.length - 1];
      if (!r || (!polymorphicEnd && !registry.has(r.type))) throw badRequest('error.invalid_include', { path }, 'include');
      if (!node.has(name)) node.set(name, new Map());
      node = node.get(name)!;
      if (!polymorphicEnd) current = registry.resource(r.type);
    }
  }
  return tree;
}

function sortNames(def: ResourceDefinition) {
  return new Set((def.sorts ?? []).map((s) => (typeof s === 'string' ? s : s.name)));
}

function parseSort(def: ResourceDefinition, value: string) {
  const allowed = sortNames(def);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const desc = s.startsWith('-');
      const name = desc ? s.slice(1) : s;
      if (!allowed.has(name)) throw badRequest('error.invalid_sort', { field: name }, 'sort');
      return { name, desc };
    });
}

function parseAddData(def: ResourceDefinition, value: string) {
  const names = value.split(',').map((s) => s.trim()).filter(Boolean);
  for (const n of names) if (!own(def.addData, n)) throw badRequest('error.invalid_add_data', { name: n }, 'add_data');
  return names;
}
