import { CONTACTABLE_TYPES, type ContactableType, declarations, isPhone, MAX_PHONES, personName, PHONE_TYPES } from '@atelier/domain';
import { and, eq, sql } from 'drizzle-orm';
import { tenancy } from '../../access/tenancy.ts';
import { isUuid, type NestedError, type ParseResult } from '../../jsonapi/attributes.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import { defineResource, type Row, type WriteInput } from '../../jsonapi/define-resource.ts';
import { scoped } from '../../jsonapi/scope.ts';
import { ValidationErrors, attributePointer } from '../../jsonapi/errors.ts';
import { column, filter, uuidList } from '../../jsonapi/filters.ts';
import { placedRelationships, type Ref, rel } from '../../jsonapi/relationships.ts';
import { toUuidArray } from '../../access/tenancy.ts';
import { contacts } from './crm.table.ts';
import { normalizedName } from './names.ts';

/** The column holding the contactable of each type. */
const CONTACTABLE_COLUMN: Record<ContactableType, 'customer_id' | 'supplier_id'> = {
  customers: 'customer_id',
  suppliers: 'supplier_id',
};

const contactableType = (r: Record<string, unknown>): ContactableType | null =>
  r.customer_id ? 'customers' : r.supplier_id ? 'suppliers' : null;

const EXTENSION = /^\d{1,10}$/;

const fullNameSql = normalizedName(sql`coalesce(${contacts.firstname}, '') || ' ' || coalesce(${contacts.lastname}, '')`);

export const contactsResource = defineResource(declarations.contacts, {
  table: contacts,
  permissions: 'contacts',
  tenancy: tenancy.organization(),
  attributes: {
    /** The dropdown label: first and last name. */
    full_name: (a) => a.isVirtual((r) => personName(r)),
    birthday: (a) =>
      a.check((v) =>
        String(v) <= new Date().toISOString().slice(0, 10) && String(v) >= '1900-01-01' ? { ok: true, value: v } : { ok: false, code: 'validation.birthday' },
      ),
    /** [{ number, type, extension }]: each item checked in beforeWrite, errors point at the item. */
    phones: (a) =>
      a.parsedBy(parsePhones).describedAs({
        type: 'array',
        maxItems: MAX_PHONES,
        items: {
          type: 'object',
          properties: { type: { enum: [...PHONE_TYPES] }, number: { type: 'string' }, extension: { type: ['string', 'null'] } },
          required: ['type', 'number'],
          additionalProperties: false,
        },
      }),
    /** 'customers' or 'suppliers' (or null), written together with contactable_id. */
    contactable_type: (a) => a.isVirtual(contactableType),
    contactable_id: (a) => a.isVirtual((r) => (r.customer_id ?? r.supplier_id ?? null) as string | null),
  },
  relationships: {
    ...placedRelationships(),
    customer: rel.belongsTo('customer_id'),
    supplier: rel.belongsTo('supplier_id'),
    contactable: rel.polymorphic(async (_ctx, rows) => {
      const refs = new Map<string, Ref[]>();
      for (const r of rows) {
        const type = contactableType(r);
        if (type) refs.set(String(r.id), [{ type, id: String(type === 'customers' ? r.customer_id : r.supplier_id) }]);
      }
      return refs;
    }),
  },
  filters: {
    search: filter.search(['firstname', 'lastname', 'email', 'phones']),
    /**
     * "Is it the same person?": contacts whose first and last name, read together, equal the
     * given full name ("Éric Tremblay"), without regard to case, accents or spaces.
     */
    same_name: filter.custom((value) => (value.trim() ? sql`${fullNameSql} = ${normalizedName(sql`${value}`)}` : undefined)),
    /** Leaves records out (the record being edited, in the same-person check). */
    except: filter.custom((value) => {
      const ids = uuidList('except', value);
      return ids.length ? sql`NOT (${contacts.id} = ANY(${toUuidArray(ids)}))` : undefined;
    }),
    customer: filter.ids('customer_id', 'customer'),
    supplier: filter.ids('supplier_id', 'supplier'),
    contactable_type: filter.custom((value) => {
      const types = value.split(',').map((s) => s.trim());
      const parts = types.filter((t): t is ContactableType => Object.hasOwn(CONTACTABLE_COLUMN, t)).map((t) => sql`${column(contacts, CONTACTABLE_COLUMN[t])} IS NOT NULL`);
      return parts.length ? sql`(${sql.join(parts, sql` OR `)})` : sql`false`;
    }),
    title: filter.in('title'),
    tags: filter.overlaps('tag_ids', 'tags'),
  },
  sortExpressions: {
    full_name: normalizedName(sql`${contacts.firstname} || ' ' || ${contacts.lastname}`),
    name: normalizedName(sql`${contacts.lastname} || ' ' || ${contacts.firstname}`),
  },
  hooks: { beforeWrite: checkContact },
  notify: { label: (row) => personName(row as Record<string, unknown>) },
});

async function checkContact(ctx: RequestContext, input: WriteInput, existing: Row | null) {
  const errors = new ValidationErrors();
  await setContactable(ctx, input, existing, errors);
  errors.throwIfAny();
}

/** Each phone is { number, type, extension }; errors point at the item and field (phones/0/number). */
function parsePhones(value: unknown): ParseResult {
  if (!Array.isArray(value)) return { ok: false, code: 'validation.array' };
  if (value.length > MAX_PHONES) return { ok: false, code: 'validation.max_items', params: { max: MAX_PHONES } };
  const nested: NestedError[] = [];
  const phones = value.map((item, i) => {
    const at = `/${i}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      nested.push({ path: at, code: 'validation.object' });
      return null;
    }
    const p = item as Record<string, unknown>;
    for (const key of Object.keys(p))
      if (!['number', 'type', 'extension'].includes(key)) nested.push({ path: `${at}/${key}`, code: 'validation.unknown_attribute', params: { name: key } });
    const number = typeof p.number === 'string' ? p.number.trim() : p.number;
    if (number === undefined || number === null || number === '') nested.push({ path: `${at}/number`, code: 'validation.required' });
    else if (typeof number !== 'string' || !isPhone(number)) nested.push({ path: `${at}/number`, code: 'validation.phone' });
    if (p.type === undefined || p.type === null || p.type === '') nested.push({ path: `${at}/type`, code: 'validation.required' });
    else if (!(PHONE_TYPES as readonly unknown[]).includes(p.type))
      nested.push({ path: `${at}/type`, code: 'validation.enum', params: { values: PHONE_TYPES.join(', ') } });
    const ext = typeof p.extension === 'number' ? String(p.extension) : typeof p.extension === 'string' ? p.extension.trim() : p.extension;
    if (ext !== undefined && ext !== null && ext !== '' && (typeof ext !== 'string' || !EXTENSION.test(ext)))
      nested.push({ path: `${at}/extension`, code: 'validation.numeric' });
    return { number, type: p.type, extension: ext || null };
  });
  return nested.length ? { ok: false, code: nested[0].code, nested } : { ok: true, value: phones };
}

/**
 * contactable_type + contactable_id (the older clients' polymorphic pair) or the customer or
 * supplier relationship: one contactable at most, visible to the user and of the same organization.
 */
async function setContactable(ctx: RequestContext, input: WriteInput, existing: Row | null, errors: ValidationErrors) {
  const v = input.values;
  const hasType = input.present.has('contactable_type');
  const hasId = input.present.has('contactable_id');
  if (hasType || hasId) {
    const type = (hasType ? input.virtual.contactable_type : contactableType(existing ?? {})) as string | null;
    const id = (hasId ? input.virtual.contactable_id : existing ? (existing.customer_id ?? existing.supplier_id) : null) as string | null;
    if (type !== null && !(CONTACTABLE_TYPES as readonly string[]).includes(type)) {
      errors.add(attributePointer('contactable_type'), 'validation.enum', { values: CONTACTABLE_TYPES.join(', ') });
      return;
    }
    if (!type !== !id) {
      errors.add(attributePointer(type ? 'contactable_id' : 'contactable_type'), 'validation.required');
      return;
    }
    if (type && id) {
      const organizationId = (existing?.organization_id ?? v.organization_id) as string;
      if (!isUuid(id) || !(await visible(ctx, type as ContactableType, id, organizationId))) {
        errors.add(attributePointer('contactable_id'), 'validation.relationship_not_found', { id });
        return;
      }
    }
    v.customer_id = type === 'customers' ? id : null;
    v.supplier_id = type === 'suppliers' ? id : null;
    return;
  }
  // Through the relationships: the engine checked visibility; setting one clears the other.
  const customer = input.present.has('customer') ? v.customer_id : undefined;
  const supplier = input.present.has('supplier') ? v.supplier_id : undefined;
  if (customer && supplier) errors.add('/data/relationships/supplier', 'contact.one_contactable');
  else if (customer) v.supplier_id = null;
  else if (supplier) v.customer_id = null;
}

async function visible(ctx: RequestContext, type: ContactableType, id: string, organizationId: string) {
  const def = ctx.registry.resource(type);
  const rows = (await ctx.db
    .select({ id: column(def.table, 'id') })
    .from(def.table)
    .where(scoped(ctx, def, and(eq(column(def.table, 'id'), id), eq(column(def.table, 'organization_id'), organizationId))))
    .limit(1)) as { id: string }[];
  return rows.length > 0;
}
