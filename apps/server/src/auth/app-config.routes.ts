import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { resellers } from '../areas/admin/admin.table.ts';
import { mailOutbox } from '../mail/mail.table.ts';
import type { Deps } from './requests.ts';

/** What a client reads before signing in: GET /app-config (and /dev/outbox for the browser tests). */
export function registerAppConfigRoutes(app: FastifyInstance, { config, db, registry }: Deps) {
  app.get('/app-config', async (request) => {
    const host = String(request.headers['x-forwarded-host'] ?? request.headers.host ?? '').split(':')[0].toLowerCase();
    const branded = await db
      .select({ app_name: resellers.app_name, app_logo: resellers.app_logo, url_pattern: resellers.url_pattern })
      .from(resellers)
      .where(sql`${resellers.url_pattern} IS NOT NULL AND ${resellers.url_pattern} <> ''`);
    const match = branded.find((r) => hostMatches(r.url_pattern!, host));
    return {
      app_name: match?.app_name || 'Atelier',
      logo_url: match?.app_logo || null,
      languages: ['fr', 'en'],
      default_locale: 'fr',
      currency: config.currency,
      currency_symbol: config.currencySymbol,
      barcode_scanner_license: config.barcodeScannerLicense,
      registration_enabled: config.registrationEnabled,
      sms_enabled: config.sms !== null,
      // What this server serves, so a client shows no screen or card of a type it lacks.
      resource_types: [...registry.keys()].sort(),
      // Types answering GET /{type}/list/count (counts per state in one call).
      list_counts: [...registry.values()].filter((d) => d.listCount).map((d) => d.type).sort(),
      // Types whose rows belong to an organization: lists spanning organizations show which one.
      organization_types: [...registry.values()]
        .filter((d) => d.relationships?.organization?.kind === 'belongsTo' && d.relationships.organization.type === 'organizations')
        .map((d) => d.type)
        .sort(),
    };
  });

  // Browser tests read 2FA codes and reset links here; never served in production.
  if (config.testOutbox)
    app.get('/dev/outbox', async (request) => {
      const to = String((request.query as { to?: string }).to ?? '').toLowerCase();
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(to ? sql`lower(${mailOutbox.to}) = ${to}` : undefined)
        .orderBy(desc(mailOutbox.created_at))
        .limit(20);
      return { data: rows };
    });
}

/** A reseller's URL pattern: a host name, optionally with a leading '*.' wildcard. */
export function hostMatches(pattern: string, host: string): boolean {
  const p = pattern.trim().toLowerCase().replace(/^https?:\/\//, '').split('/')[0].split(':')[0];
  if (!p || !host) return false;
  if (p.startsWith('*.')) return host.endsWith(p.slice(1)) && host.length > p.length - 1;
  return host === p;
}
