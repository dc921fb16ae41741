import { attr, declare, doneBy, named, organizationRecord, rel, timestamps, type AnyAttribute, type RelationshipDeclaration } from '../declare/declare.ts';
import { ITEM_CONDITIONS, ITEM_CONDITION_LABELS } from '../estimations/items.ts';
import { ENVIRONMENTAL_FEE_KINDS, ENVIRONMENTAL_FEE_KIND_LABELS, PART_CHARGE_MAX_CENTS } from '../lines/part-charges.ts';
import type { TaxAmount } from '../taxes/taxes.ts';

// The attributes estimation items and repair items share: what is done, the part, the labour and
// what the line costs (computed by the server with lines/work-lines.ts, read only).

export const workLineAttributes = () => ({
  detail: attr.text().isRequired().max(6000),
  condition: attr.enum(ITEM_CONDITIONS, ITEM_CONDITION_LABELS),
  part: attr.string().max(255),
  part_number: attr.string().max(100),
  quantity: attr.decimal().notNull().min(0).max(100_000),
  /** Cents per unit. */
  unit_price: attr.money().min(0).max(100_000_000),
  /** Cents: replaces time × hourly rate when given. */
  manual_labour: attr.money().min(0).max(100_000_000),
  /** Hours. */
  time: attr.decimal().min(0).max(1000),
  /** Cents per hour (the settings' default rate when left out). */
  hourly_rate: attr.money().min(0).max(10_000_000),
  /** Its discount (issue 27) as a percentage of its parts and labour, or… (needs 'apply discounts estimations', within the role's maximum) */
  discount_percent: attr.decimal().min(0).max(100),
  /** …as an amount in cents (never more than the line; not both). */
  discount_amount: attr.money().min(0).max(100_000_000),
  /** Its place in the document. */
  position: attr.integer().isReadOnly(),
});

/** What an estimate's or a repair's line keeps of its part beyond its price (issue 27), taken from the product when it is chosen. */
const partChargeAttributes = () => ({
  /** Cents per unit its part cost the shop, taken from the product (the margin's base; staff only, never on a customer's document). */
  unit_cost: attr.money().min(0).max(100_000_000),
  /** The environmental fee its part carries (taken from the product), … */
  environmental_fee_kind: attr.enum(ENVIRONMENTAL_FEE_KINDS, ENVIRONMENTAL_FEE_KIND_LABELS),
  /** … in cents per unit (the settings' amount for the organization's province when the product is chosen; charged × quantity). */
  environmental_fee: attr.money().min(0).max(PART_CHARGE_MAX_CENTS),
  /** Cents per unit charged for the part's core (taken from the product), × quantity. */
  core_charge: attr.money().min(0).max(PART_CHARGE_MAX_CENTS),
  /** The old cores came back: the core charge is credited in full. */
  core_returned: attr.boolean(),
});

/** What a line of a work document (an estimate's or a repair's item) links to: its supplier, its taxes and its document (given on create, kept). */
const workLineRelationships = <const N extends string, const T extends string>(document: N, type: T) => ({
  organization: rel.toOne('organizations', { readOnly: true }),
  supplier: rel.toOne('suppliers'),
  /** The inventory's part it uses: fills the part, its number, price and supplier left empty; a completed repair takes it from the stock. */
  product: rel.toOne('products'),
  taxGroup: rel.toOne('tax-groups'),
  ...named(document, rel.toOne(type, { required: true, createOnly: true })),
});

/** A work document's lines sort by their place in it (the default), their age or their total. */
const WORK_LINE_SORTS = ['position', 'created_at', 'updated_at', 'total'] as const;

/** What a line or a document costs, in cents (taxes by code in `tax_details`). */
export const workTotalsAttributes = () => ({
  parts_total: attr.money().isReadOnly(),
  labour_total: attr.money().isReadOnly(),
  /** Cents taken off by the lines' discounts. */
  discount_total: attr.money().isReadOnly(),
  /** Cents of the parts' environmental fees and core charges, less the cores returned. */
  part_charges_total: attr.money().isReadOnly(),
  subtotal: attr.money().isReadOnly(),
  tax_total: attr.money().isReadOnly(),
  total: attr.money().isReadOnly(),
  /** What the warranty covers, not charged. */
  warranty_total: attr.money().isReadOnly(),
  tax_details: attr.json<TaxAmount[]>().isReadOnly(),
});

/**
 * An item of a work document (an estimate's, a repair's), declared once since the two differ only
 * in what each adds: `own`, its attributes after the part's charges (its state, the decisions, the
 * clock); `document`, its document's relationship name and type; `source`, the relationship to
 * what it was made from (an inspection's field, an estimate's item); `filters`, after its document.
 */
export const workItem = <
  const T extends string,
  O extends Record<string, AnyAttribute>,
  const N extends string,
  const D extends string,
  const SN extends string,
  S extends RelationshipDeclaration,
  const F extends string,
>(
  type: T,
  own: O,
  document: readonly [N, D],
  source: readonly [SN, S],
  filters: readonly F[],
) =>
  declare(type, {
    attributes: { ...workLineAttributes(), ...partChargeAttributes(), ...own, ...workTotalsAttributes(), ...timestamps() },
    relationships: { ...workLineRelationships(document[0], document[1]), ...named(source[0], source[1]) },
    filters: [document[0], ...filters],
    sorts: WORK_LINE_SORTS,
    defaultSort: 'position',
  });

/**
 * The odometer read at the document's visit (issue 20 point 6): taken when the document is made,
 * from its inspection, else its vehicle; printed on its PDF and screens. A person may correct it.
 */
export const visitOdometer = () => attr.integer().min(0).max(10_000_000);

/** What an estimate and a repair share: where they come from and who they are for and assigned to. */
export const workRecordRelationships = () => ({
  ...organizationRecord(),
  creator: doneBy(),
  customer: rel.toOne('customers'),
  vehicle: rel.toOne('vehicles', { createOnly: true }),
  inspection: rel.toOne('inspections', { createOnly: true }),
  assignedToUsers: rel.toMany('users', { createOnly: true }),
  assignedToRoles: rel.toMany('roles', { createOnly: true }),
  assignedBy: doneBy(),
});
