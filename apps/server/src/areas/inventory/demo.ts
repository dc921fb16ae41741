import { applyMovement, movementTotals, quantityText, type MovementPlan, type Stock } from '@atelier/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { nextRecordCode } from '../../db/codes.ts';
import { newId } from '../../db/columns.ts';
import { locations, organizations, users } from '../admin/admin.table.ts';
import { supplierProducts, suppliers } from '../purchases/purchases.table.ts';
import { products, stockMovementItems, stockMovements, warehouseProducts, warehouses } from './inventory.table.ts';

// Garage Démo's parts rooms (issue 22): one warehouse per location, ~200 parts of the families a
// service department stocks, each bought from one of the demo suppliers, stock received by
// validated movements (their effect computed by the domain's rules, inserted in bulk: a seed),
// a transfer between the rooms and a draft count.

type Part = { sku: string; name: string; category: string; unit: string; cost: number; partNumber: string; supplier: 'pieces' | 'pneus' };

/** [code, size, price in dollars] × brands: the tires. */
const TIRES = ['205/55R16', '215/60R16', '225/65R17', '235/65R17', '225/55R18', '235/55R19', '245/60R18', '265/70R17', '195/65R15', '215/55R17'];
const TIRE_BRANDS: [string, string, number][] = [
  ['MI', 'Michelin Defender', 1.35],
  ['BR', 'Bridgestone Blizzak', 1.25],
  ['GY', 'Goodyear Assurance', 1.1],
  ['TO', 'Toyo Observe', 1.0],
];
const MAKES = ['Honda Civic', 'Toyota Corolla', 'Ford F-150', 'Hyundai Elantra', 'Mazda CX-5', 'Chevrolet Silverado', 'Nissan Rogue', 'Subaru Outback', 'Toyota RAV4', 'Kia Sorento'];
const code = (make: string) => make.split(' ').map((w) => w.replace(/\W/g, '').slice(0, 2).toUpperCase()).join('');

function demoParts(): Part[] {
  const parts: Part[] = [];
  for (const [i, size] of TIRES.entries())
    for (const [brand, name, factor] of TIRE_BRANDS) {
      const digits = size.replace(/\D/g, '');
      parts.push({ sku: `PN-${brand}-${digits}`, name: `Pneu ${name} ${size}`, category: 'Pneus', unit: 'unité', cost: Math.round((11900 + i * 1500) * factor), partNumber: `${brand}${digits}`, supplier: 'pneus' });
    }
  for (const [i, make] of MAKES.entries()) {
    const m = code(make);
    const add = (sku: string, name: string, category: string, cost: number, unit = 'unité') => parts.push({ sku, name: `${name} — ${make}`, category, unit, cost: cost + i * 150, partNumber: `${sku.replace(/-/g, '')}${i}`, supplier: 'pieces' });
    add(`PF-AV-${m}`, 'Plaquettes de frein avant céramique', 'Freins', 5450, 'jeu');
    add(`PF-AR-${m}`, 'Plaquettes de frein arrière', 'Freins', 4650, 'jeu');
    add(`DF-AV-${m}`, 'Disque de frein avant', 'Freins', 7990);
    add(`DF-AR-${m}`, 'Disque de frein arrière', 'Freins', 6990);
    add(`FH-${m}`, 'Filtre à huile', 'Filtres', 895);
    add(`FA-${m}`, 'Filtre à air moteur', 'Filtres', 1895);
    add(`FC-${m}`, "Filtre d'habitacle", 'Filtres', 2195);
    add(`BE-${m}`, 'Balais d’essuie-glace (paire)', 'Essuie-glaces', 3295, 'paire');
    add(`BG-${m}`, 'Bougies d’allumage iridium', 'Allumage', 1195);
    add(`CS-${m}`, 'Courroie de service', 'Moteur', 3895);
    add(`TH-${m}`, 'Thermostat avec joint', 'Moteur', 2995);
    add(`FE-${m}`, 'Filtre à carburant', 'Filtres', 2495);
    add(`AM-AV-${m}`, 'Amortisseur avant', 'Suspension', 11900);
    add(`AP-${m}`, 'Ampoule de phare', 'Éclairage', 1495);
  }
  const batteries: [string, number][] = [['24F', 16900], ['35', 15900], ['48 (H6)', 19900], ['65', 21900], ['94R (H7)', 23900], ['51R', 14900], ['AGM 48', 26900], ['AGM 94R', 31900]];
  for (const [group, cost] of batteries) parts.push({ sku: `BAT-${group.replace(/\W/g, '')}`, name: `Batterie groupe ${group}`, category: 'Batteries', unit: 'unité', cost, partNumber: `BT${group.replace(/\W/g, '')}`, supplier: 'pieces' });
  const fluids: [string, string, number, string][] = [
    ['HM-5W20', 'Huile moteur synthétique 5W-20', 895, 'L'],
    ['HM-5W30', 'Huile moteur synthétique 5W-30', 895, 'L'],
    ['HM-0W20', 'Huile moteur synthétique 0W-20', 995, 'L'],
    ['HM-0W16', 'Huile moteur synthétique 0W-16', 1095, 'L'],
    ['AG-5050', 'Antigel prémélangé 50/50', 650, 'L'],
    ['LF-DOT4', 'Liquide de frein DOT 4', 1450, 'L'],
    ['LT-ATF', 'Huile de transmission automatique ATF', 1250, 'L'],
    ['LL-HIVER', 'Lave-glace hiver -40 °C', 299, 'L'],
    ['LS-DA', 'Liquide de servodirection', 1150, 'L'],
    ['HD-75W90', 'Huile de différentiel 75W-90', 1650, 'L'],
  ];
  for (const [sku, name, cost, unit] of fluids) parts.push({ sku: `FL-${sku}`, name, category: 'Liquides', unit, cost, partNumber: sku.replace(/-/g, ''), supplier: 'pieces' });
  return parts;
}

/** The demo's inventory: Garage Démo's parts rooms and ~200 parts, and a few in Autos Rivière's (two tenants, for the tests). */
export async function seedDemoInventory(db: Db) {
  const parts = demoParts();
  await seedRooms(db, 'Garage Démo', 'manager@atelier.test', parts);
  await seedRooms(db, 'Autos Rivière', 'manager2@atelier.test', parts.filter((_, i) => i % 20 === 0));
}

async function seedRooms(db: Db, organization: string, managerEmail: string, parts: Part[]) {
  const [garage] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, organization));
  if (!garage) return;
  const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.email, managerEmail));
  const rooms = (await db.select({ id: locations.id, name: locations.name }).from(locations).where(eq(locations.organization_id, garage.id))).map((l) => ({
    id: newId(),
    organization_id: garage.id,
    location_id: l.id,
    location_ids: [l.id],
    name: `Magasin de pièces — ${l.name.replace(`${organization} `, '')}`,
    // Laval's counter sells parts before their receipt is entered.
    allow_negative_stock: l.name.endsWith('Laval'),
    allow_unregistered_products: true,
  }));
  if (!rooms.length) return;
  await db.insert(warehouses).values(rooms);

  const rows = parts.map((p) => ({
    id: newId(),
    organization_id: garage.id,
    sku: p.sku,
    name: p.name,
    category: p.category,
    unit: p.unit,
    part_number: p.partNumber,
    barcode: `0${String(7_700_000_000 + parts.indexOf(p) * 7919).padStart(11, '0')}`,
    buying_price: p.cost,
    selling_price: Math.round((p.cost * 1.45) / 5) * 5,
    price: Math.round((p.cost * 1.6) / 5) * 5,
  }));
  await db.insert(products).values(rows);

  // Each part from its supplier (the demo's supplier list: Pièces Auto Montréal, Pneus Laval).
  const sellers = await db.select({ id: suppliers.id, name: suppliers.company_name }).from(suppliers).where(eq(suppliers.organization_id, garage.id));
  const sellerOf = { pieces: sellers.find((s) => s.name === 'Pièces Auto Montréal')?.id, pneus: sellers.find((s) => s.name === 'Pneus Laval')?.id };
  const known = await db.select({ supplier_id: supplierProducts.supplier_id, sku: supplierProducts.supplier_sku }).from(supplierProducts).where(eq(supplierProducts.organization_id, garage.id));
  const offers = rows.flatMap((r, i) => {
    const supplier = sellerOf[parts[i].supplier];
    const sku = `${parts[i].supplier === 'pneus' ? 'PL' : 'PAM'}-${r.part_number}`;
    if (!supplier || known.some((k) => k.supplier_id === supplier && k.sku === sku)) return [];
    return [{ organization_id: garage.id, supplier_id: supplier, product_id: r.id, supplier_sku: sku, cost: parts[i].cost, lead_time_days: parts[i].supplier === 'pneus' ? 5 : 2, position: 10 + i }];
  });
  if (offers.length) await db.insert(supplierProducts).values(offers);

  // Received stock, validated: every part in the first room, the common ones in the others.
  const movement = async (type: 'add' | 'move' | 'correct', plan: MovementPlan, stocks: Map<string, Stock>, state: 'validated' | 'draft', notes: string) => {
    if (!plan.lines.length) return stocks;
    const id = newId();
    const location_ids = [...new Set(rooms.filter((w) => w.id === plan.warehouses.source || w.id === plan.warehouses.destination).flatMap((w) => w.location_ids))];
    const items = plan.lines.map((l, position) => ({ id: newId(), organization_id: garage.id, stock_movement_id: id, position, product_id: l.product, quantity: String(l.quantity), unit_cost: l.unitCost ?? null }));
    const outcome = state === 'validated' ? applyMovement(type, plan, stocks, () => true) : null;
    if (outcome && !outcome.ok) throw new Error('demo movement refused');
    await db.insert(stockMovements).values({
      id,
      organization_id: garage.id,
      code: await nextRecordCode(db, garage.id, 'M'),
      type,
      state,
      notes,
      source_warehouse_id: plan.warehouses.source ?? null,
      destination_warehouse_id: plan.warehouses.destination ?? null,
      ...movementTotals(items),
      creator_id: manager?.id ?? null,
      ...(state === 'validated' ? { validated_by_id: manager?.id ?? null, validated_at: new Date().toISOString() } : {}),
      location_ids,
    });
    await db.insert(stockMovementItems).values(
      items.map((item, n) => ({ ...item, applied: outcome?.ok ? outcome.changes[n].map((c) => ({ side: c.side, quantity: String(c.quantity), value: String(c.value) })) : null })),
    );
    return outcome?.ok ? outcome.stocks : stocks;
  };
  const receipt = (room: string, every: number): MovementPlan => ({
    warehouses: { destination: room },
    lines: rows.filter((_, i) => i % every === 0).map((r, i) => ({ product: r.id, quantity: r.unit === 'L' ? '60' : r.category === 'Pneus' ? String(4 * (1 + (i % 3))) : String(2 + (i % 6)), unitCost: r.buying_price })),
  });
  const [first, ...others] = rooms;
  let stocks = await movement('add', receipt(first.id, 1), new Map(), 'validated', 'Inventaire de départ');
  for (const room of others) stocks = await movement('add', receipt(room.id, 3), stocks, 'validated', 'Inventaire de départ');
  const batteries = rows.filter((r) => r.category === 'Batteries').slice(0, 2);
  if (others[0]) stocks = await movement('move', { warehouses: { source: first.id, destination: others[0].id }, lines: batteries.map((b) => ({ product: b.id, quantity: '1' })) }, stocks, 'validated', 'Batteries pour l’hiver');
  const oils = rows.filter((r) => r.category === 'Liquides').slice(0, 3);
  await movement('correct', { warehouses: { destination: first.id }, lines: oils.map((o) => ({ product: o.id, quantity: '55.5' })) }, stocks, 'draft', 'Comptage des huiles en vrac');

  // The stock the validated movements left, with reorder points on the fast movers.
  const stockRows = [...stocks].map(([key, s]) => {
    const [warehouseId, productId] = key.split(':');
    const room = rooms.find((w) => w.id === warehouseId)!;
    const fast = rows.find((r) => r.id === productId)?.category !== 'Pneus';
    return {
      organization_id: garage.id,
      warehouse_id: warehouseId,
      product_id: productId,
      quantity_on_hand: quantityText(s.quantity),
      stock_value: Number(s.value),
      average_cost: s.averageCost,
      minimum: fast ? '3' : null,
      maximum: fast ? '12' : null,
      location_ids: room.location_ids,
    };
  });
  if (stockRows.length) await db.insert(warehouseProducts).values(stockRows);
}
