import { randomBytes } from 'node:crypto';
import type { FrameDisplay, FrameSettings } from '@atelier/domain';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { hashToken } from '../../auth/tokens.ts';
import { estimateVehicleAllowDomains, estimateVehicleKeys } from './pricing.table.ts';

// The organization's two keys. The public key names it in the frame's address and is no secret
// (the allowed domains protect the frame); the secret key authenticates its systems on the API
// (header X-Api-Key) and is shown once, then kept only as its SHA-256, like the session tokens.

const PUBLIC_PREFIX = 'pk_';
const SECRET_PREFIX = 'sk_';

const randomKey = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

export interface KeysRow {
  organization_id: string;
  public_key: string;
  secret_hint: string | null;
  secret_created_at: string | null;
}

/** The organization's keys, the public one made on first read. */
export async function keysOf(db: Db, organizationId: string): Promise<KeysRow> {
  // direct write: an organization's API keys (secrets, not business records)
  await db.insert(estimateVehicleKeys).values({ organization_id: organizationId, public_key: randomKey(PUBLIC_PREFIX) }).onConflictDoNothing();
  const [row] = await db
    .select({ organization_id: estimateVehicleKeys.organization_id, public_key: estimateVehicleKeys.public_key, secret_hint: estimateVehicleKeys.secret_hint, secret_created_at: estimateVehicleKeys.secret_created_at })
    .from(estimateVehicleKeys)
    .where(eq(estimateVehicleKeys.organization_id, organizationId));
  return row!;
}

/** A new secret key (the previous one stops working); the only time it is readable. */
export async function newSecret(db: Db, organizationId: string): Promise<{ keys: KeysRow; secret: string }> {
  await keysOf(db, organizationId);
  const secret = randomKey(SECRET_PREFIX);
  await db
    // direct write: an organization's API keys (secrets, not business records)
    .update(estimateVehicleKeys)
    .set({ secret_hash: hashToken(secret), secret_hint: secret.slice(-4), secret_created_at: sql`now()` })
    .where(eq(estimateVehicleKeys.organization_id, organizationId));
  return { keys: await keysOf(db, organizationId), secret };
}

export async function revokeSecret(db: Db, organizationId: string): Promise<KeysRow> {
  await keysOf(db, organizationId);
  // direct write: an organization's API keys (secrets, not business records)
  await db.update(estimateVehicleKeys).set({ secret_hash: null, secret_hint: null, secret_created_at: null }).where(eq(estimateVehicleKeys.organization_id, organizationId));
  return keysOf(db, organizationId);
}

/** A new public key: frames embedded with the old address stop answering. */
export async function newPublicKey(db: Db, organizationId: string): Promise<KeysRow> {
  await keysOf(db, organizationId);
  // direct write: an organization's API keys (secrets, not business records)
  await db.update(estimateVehicleKeys).set({ public_key: randomKey(PUBLIC_PREFIX) }).where(eq(estimateVehicleKeys.organization_id, organizationId));
  return keysOf(db, organizationId);
}

/** The organization a secret key belongs to, or null. */
export async function organizationOfSecret(db: Db, secret: string): Promise<string | null> {
  if (!secret.startsWith(SECRET_PREFIX)) return null;
  const [row] = await db.select({ id: estimateVehicleKeys.organization_id }).from(estimateVehicleKeys).where(eq(estimateVehicleKeys.secret_hash, hashToken(secret)));
  return row?.id ?? null;
}

const settingsColumns = {
  desiredProfit: estimateVehicleKeys.frame_desired_profit,
  aggressionPercent: estimateVehicleKeys.frame_aggression_percentage,
  damageCost: estimateVehicleKeys.frame_damage_cost,
  display: estimateVehicleKeys.frame_display,
};

/** The frame's settings: the margin its offers take and what it shows (defaults until the dealership sets them). */
export async function frameSettingsOf(db: Db, organizationId: string): Promise<FrameSettings> {
  await keysOf(db, organizationId);
  const [row] = await db.select(settingsColumns).from(estimateVehicleKeys).where(eq(estimateVehicleKeys.organization_id, organizationId));
  return { ...row!, display: row!.display as FrameDisplay };
}

export async function saveFrameSettings(db: Db, organizationId: string, s: FrameSettings): Promise<FrameSettings> {
  await keysOf(db, organizationId);
  await db
    // direct write: an organization's API keys (secrets, not business records)
    .update(estimateVehicleKeys)
    .set({ frame_desired_profit: s.desiredProfit, frame_aggression_percentage: s.aggressionPercent, frame_damage_cost: s.damageCost, frame_display: s.display, updated_at: sql`now()` })
    .where(eq(estimateVehicleKeys.organization_id, organizationId));
  return frameSettingsOf(db, organizationId);
}

/** The organization a public key names and its allowed domains, or null. */
export async function frameOf(db: Db, publicKey: string): Promise<{ organizationId: string; organizationName: string; domains: { id: string; domain: string }[] } | null> {
  if (!publicKey.startsWith(PUBLIC_PREFIX) || publicKey.length > 100) return null;
  const [row] = rowsOf<{ organization_id: string; organization_name: string; domains: { id: string; domain: string }[] | string }>(
    await db.execute(sql`
    SELECT k.organization_id, o.name AS organization_name,
      coalesce((SELECT json_agg(json_build_object('id', d.id, 'domain', d.domain) ORDER BY d.domain) FROM ${estimateVehicleAllowDomains} d WHERE d.organization_id = k.organization_id), '[]'::json) AS domains
    FROM ${estimateVehicleKeys} k JOIN organizations o ON o.id = k.organization_id
    WHERE k.public_key = ${publicKey}`),
  );
  if (!row) return null;
  return { organizationId: row.organization_id, organizationName: row.organization_name, domains: typeof row.domains === 'string' ? JSON.parse(row.domains) : row.domains };
}
