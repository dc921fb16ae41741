import { permissionsForLevel, periodEnd, subscriptionState } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nextResellerCode } from '../../db/codes.ts';
import { newId } from '../../db/columns.ts';
import { t } from '../../i18n/index.ts';
import { formatDay } from '../../reports/format.ts';
import { organizations, resellers, roles, userRoles, users } from '../admin/admin.table.ts';
import { grant } from '../admin/organization-setup.ts';
import { tradeDocumentTotals } from '../trade/lines.ts';
import { resellerLineColumns } from './reseller-invoice-items.resource.ts';
import { packages, resellerInvoiceItems, resellerInvoices, resellerPayments, resellerProducts, resellerServices, resellerTaxes, resellerTaxGroups, subscriptions } from './reseller.table.ts';

// The demo's reseller billing (issue 24): Réseau Démo bills Garage Démo; a second reseller, Réseau
// Nord (reseller2@atelier.test), takes Autos Rivière as its customer, so each side has its own
// catalogue, packages, subscription, last month's invoice validated and half paid. A seed writes
// its rows directly, with the totals the engine's rules give.

const day = (d: Date) => d.toISOString().slice(0, 10);

export async function seedDemoReseller(db: Db) {
  const [demo] = await db.select().from(resellers).where(eq(resellers.name, 'Réseau Démo'));
  const [garage] = await db.select().from(organizations).where(eq(organizations.name, 'Garage Démo'));
  const [riviere] = await db.select().from(organizations).where(eq(organizations.name, 'Autos Rivière'));
  if (!demo || !garage || !riviere) return;
  const nord = await seedSecondReseller(db, riviere.id);
  await seedCustomer(db, demo.id, garage.id, 'Atelier Pro', 50);
  await seedCustomer(db, nord, riviere.id, 'Atelier Essentiel', 25);
}

/** Réseau Nord, its reseller user (the demo's password) and role, and Autos Rivière as its customer. */
async function seedSecondReseller(db: Db, organizationId: string): Promise<string> {
  const id = newId();
  await db.insert(resellers).values({ id, name: 'Réseau Nord', email: 'reseller2@atelier.test', phone: '418 555-0200', app_name: 'Atelier Nord' });
  const [demoUser] = await db.select({ password_hash: users.password_hash }).from(users).where(eq(users.email, 'reseller@atelier.test'));
  const user = newId();
  await db.insert(users).values({ id: user, email: 'reseller2@atelier.test', firstname: 'Nadia', lastname: 'Nordet', reseller_id: id, password_hash: demoUser?.password_hash ?? null, password_changed_at: new Date().toISOString() });
  await db.update(resellers).set({ owner_id: user }).where(eq(resellers.id, id));
  const role = newId();
  await db.insert(roles).values({ id: role, reseller_id: id, name: 'Revendeur', key: 'reseller_admin' });
  await grant(db, role, permissionsForLevel('reseller'));
  await db.insert(userRoles).values({ user_id: user, role_id: role });
  await db.update(organizations).set({ reseller_id: id }).where(eq(organizations.id, organizationId));
  return id;
}

/** The reseller's tax groups: Québec's GST and QST (its catalogue's), and the GST alone; the first's id. */
async function seedTaxGroups(db: Db, resellerId: string): Promise<string> {
  const quebec = newId();
  const gst = newId();
  await db.insert(resellerTaxGroups).values([
    { id: quebec, reseller_id: resellerId, name: 'TPS et TVQ' },
    { id: gst, reseller_id: resellerId, name: 'TPS seulement' },
  ]);
  await db.insert(resellerTaxes).values([
    { reseller_tax_group_id: quebec, code: 'TPS', rate: '5', type: 'percentage', position: 0 },
    { reseller_tax_group_id: quebec, code: 'TVQ', rate: '9.975', type: 'percentage', position: 1 },
    { reseller_tax_group_id: gst, code: 'TPS', rate: '5', type: 'percentage', position: 0 },
  ]);
  return quebec;
}

async function seedCustomer(db: Db, resellerId: string, organizationId: string, packageName: string, maximumUsers: number) {
  const tax_group_id = await seedTaxGroups(db, resellerId);
  const product = { id: newId(), reseller_id: resellerId, name: 'Lecteur de codes-barres', description: 'Lecteur Bluetooth pour la réception des pièces', price: 18_900, tax_group_id };
  const service = { id: newId(), reseller_id: resellerId, name: 'Formation sur place', description: 'Une demi-journée avec l’équipe de l’atelier', price: 45_000, tax_group_id };
  await db.insert(resellerProducts).values(product);
  await db.insert(resellerServices).values(service);
  const plan = { id: newId(), reseller_id: resellerId, name: packageName, frequency: 'monthly' as const, maximum_users: maximumUsers, price: 14_900, tax_group_id };
  await db.insert(packages).values(plan);
  // Subscribed since last month: this month's period runs to next month.
  const now = new Date();
  const lastStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const start = periodEnd(lastStart, 'monthly');
  const end = periodEnd(start, 'monthly');
  const subscription = newId();
  await db.insert(subscriptions).values({
    id: subscription,
    organization_id: organizationId,
    reseller_id: resellerId,
    package_id: plan.id,
    state: subscriptionState(end, now),
    start_time: start.toISOString(),
    end_time: end.toISOString(),
    auto_renew: true,
  });
  await db.update(organizations).set({ package_id: plan.id, subscription_id: subscription }).where(eq(organizations.id, organizationId));

  // Last month's invoice (its period and the set-up service), validated and half paid.
  const lines = await Promise.all(
    [
      { description: t('fr', 'reseller.subscription_line', { package: packageName, start: formatDay(day(lastStart), 'fr', 'UTC'), end: formatDay(day(start), 'fr', 'UTC') }), quantity: '1', unit_price: plan.price, tax_group_id, discount: null },
      { reseller_service_id: service.id, description: service.name, quantity: '1', unit_price: service.price, tax_group_id, discount: null },
    ].map(async (l, position) => ({ id: newId(), organization_id: organizationId, position, ...l, ...(await resellerLineColumns(db, l)) })),
  );
  const totals = tradeDocumentTotals(lines);
  const half = Math.round(totals.total / 2);
  const invoice = newId();
  await db.insert(resellerInvoices).values({
    id: invoice,
    organization_id: organizationId,
    reseller_id: resellerId,
    code: await nextResellerCode(db, resellerId, 'RF'),
    state: 'validated',
    validated_at: lastStart.toISOString(),
    subscription_id: subscription,
    period_start: day(lastStart),
    period_end: day(start),
    issued_on: day(lastStart),
    expiration_time: day(new Date(lastStart.getTime() + 30 * 86_400_000)),
    ...totals,
    amount_paid: half,
    balance: totals.total - half,
    payment_status: 'partially_paid',
  });
  await db.insert(resellerInvoiceItems).values(lines.map((l) => ({ ...l, reseller_invoice_id: invoice })));
  await db.insert(resellerPayments).values({ organization_id: organizationId, reseller_id: resellerId, reseller_invoice_id: invoice, amount: half, paid_on: day(lastStart), method: 'transfer', reference: 'VIR-0001' });
}
