import type { Phone } from '@atelier/domain';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/columns.ts';
import { locations, organizations, tags } from '../admin/admin.table.ts';
import { supplierProducts, suppliers } from '../purchases/purchases.table.ts';
import { contacts, customers } from './crm.table.ts';

/** A company customer with a billing address of its own: the demo's, and the CRM tests' (the API's attributes). */
export const TRANSPORT_LAVAL = {
  type: 'company',
  company_name: 'Transport Laval inc.',
  tax_id: '123456789 RT0001',
  email: 'comptes@transport-laval.example.com',
  phone: '450 555-0177',
  address: '2100 boulevard Industriel',
  city: 'Laval',
  province: 'QC',
  postal_code: 'H7S 1P6',
  billing_same_as_customer: false,
  billing_name: 'Transport Laval inc. — Comptes fournisseurs',
  billing_email: 'factures@transport-laval.example.com',
  billing_address: 'C.P. 4410, succursale Chomedey',
  billing_city: 'Laval',
  billing_province: 'QC',
  billing_postal_code: 'H7W 5L2',
} as const;

/** A person customer, and the same person as a contact of it: the demo's, and the CRM tests' (the API's attributes). */
export const ERIC_TREMBLAY = {
  type: 'individual',
  firstname: 'Éric',
  lastname: 'Tremblay',
  email: 'eric.tremblay@example.com',
  phone: '514 555-0142',
  address: '4520 rue Saint-Denis',
  city: 'Montréal',
  province: 'QC',
  postal_code: 'H2J 2L3',
} as const;
export const ERIC_TREMBLAY_CONTACT = {
  title: 'mr' as const,
  firstname: 'Éric',
  lastname: 'Tremblay',
  birthday: '1978-04-12',
  email: 'eric.tremblay@example.com',
  phones: [
    { number: '514 555-0142', type: 'MOBILE', extension: null },
    { number: '514 555-0600', type: 'BUSINESS', extension: '221' },
  ] satisfies Phone[],
};

/** Demo customers, contacts, suppliers and supplier products in both demo organizations. */
export async function seedDemoCrm(db: Db) {
  const orgs = await db.select({ id: organizations.id, name: organizations.name }).from(organizations);
  const org = (name: string) => orgs.find((o) => o.name === name)!.id;
  const locs = await db.select({ id: locations.id, name: locations.name }).from(locations);
  const loc = (name: string) => [locs.find((l) => l.name === name)!.id];
  const tagRows = await db.select({ id: tags.id, name: tags.name }).from(tags);
  const tag = (name: string) => tagRows.filter((t) => t.name === name).map((t) => t.id);
  const garage = org('Garage Démo');
  const riviere = org('Autos Rivière');

  const c = { tremblay: newId(), transport: newId(), roy: newId(), flotte: newId() };
  await db.insert(customers).values([
    {
      id: c.tremblay,
      organization_id: garage,
      ...ERIC_TREMBLAY,
      tag_ids: tag('Client VIP'),
      location_ids: loc('Garage Démo Montréal'),
    },
    {
      id: c.transport,
      organization_id: garage,
      ...TRANSPORT_LAVAL,
      // Its fleet manager reads English: shared inspection reports open in English.
      locale: 'en',
      delivery_address: '2150 boulevard Industriel, quai 3',
      delivery_city: 'Laval',
      delivery_province: 'QC',
      delivery_postal_code: 'H7S 1P6',
      location_ids: loc('Garage Démo Laval'),
    },
    {
      id: c.roy,
      organization_id: garage,
      type: 'individual',
      firstname: 'Julie',
      lastname: 'Roy',
      email: 'julie.roy@example.com',
      phone: '514 555-0190',
      city: 'Montréal',
      province: 'QC',
    },
    {
      id: c.flotte,
      organization_id: riviere,
      type: 'company',
      company_name: 'Taxis de la Capitale',
      email: 'flotte@taxis-capitale.example.com',
      phone: '418 555-0133',
      city: 'Québec',
      province: 'QC',
      tag_ids: tag('Flotte'),
    },
  ]);

  const s = { pieces: newId(), pneus: newId(), quebec: newId() };
  await db.insert(suppliers).values([
    {
      id: s.pieces,
      organization_id: garage,
      company_name: 'Pièces Auto Montréal',
      email: 'ventes@pieces-mtl.example.com',
      phone: '514 555-0300',
      city: 'Montréal',
      province: 'QC',
      tax_id: '987654321 RT0001',
    },
    {
      id: s.pneus,
      organization_id: garage,
      company_name: 'Pneus Laval',
      phone: '450 555-0310',
      city: 'Laval',
      province: 'QC',
      location_ids: loc('Garage Démo Laval'),
    },
    { id: s.quebec, organization_id: riviere, company_name: 'Distribution Pièces Québec', city: 'Québec', province: 'QC' },
  ]);
  await db.insert(supplierProducts).values([
    { organization_id: garage, supplier_id: s.pieces, supplier_sku: 'PAM-FH-1020', cost: 1895, lead_time_days: 2 },
    { organization_id: garage, supplier_id: s.pieces, supplier_sku: 'PAM-BP-3310', cost: 6450, lead_time_days: 3, position: 1 },
    { organization_id: garage, supplier_id: s.pneus, supplier_sku: 'PL-22555R17', cost: 15900, lead_time_days: 5 },
    { organization_id: riviere, supplier_id: s.quebec, supplier_sku: 'DPQ-0001', cost: 2500, lead_time_days: 1 },
  ]);

  await db.insert(contacts).values([
    {
      organization_id: garage,
      ...ERIC_TREMBLAY_CONTACT,
      customer_id: c.tremblay,
      location_ids: loc('Garage Démo Montréal'),
    },
    {
      organization_id: garage,
      title: 'mrs',
      firstname: 'Nathalie',
      lastname: 'Bouchard',
      email: 'n.bouchard@transport-laval.example.com',
      phones: [{ number: '450 555-0177', type: 'OFFICE', extension: '12' }],
      customer_id: c.transport,
    },
    {
      organization_id: garage,
      title: 'mr',
      firstname: 'Sylvain',
      lastname: 'Côté',
      phones: [{ number: '514 555-0301', type: 'BUSINESS', extension: null }],
      supplier_id: s.pieces,
    },
    {
      organization_id: riviere,
      title: 'mrs',
      firstname: 'Chantal',
      lastname: 'Lemieux',
      phones: [{ number: '418 555-0134', type: 'MOBILE', extension: null }],
      customer_id: c.flotte,
    },
  ]);
}
