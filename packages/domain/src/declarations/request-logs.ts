import { attr, declare, rel, serverWritten } from '../declare/declare.ts';
import { defineEnum } from '../enums.ts';

export const [REQUEST_CHANNELS, REQUEST_CHANNEL_LABELS] = defineEnum('request_channels', ['app', 'api', 'embed']);
export type RequestChannel = (typeof REQUEST_CHANNELS)[number];

/**
 * One call of the price estimation (spec §3 "Request log"): who (a user, or the organization's
 * key), from which site, address, answer and time. Written by the server, read and deleted only.
 */
export const requestLogs = declare('request-logs', {
  attributes: serverWritten({
    channel: attr.enum(REQUEST_CHANNELS, REQUEST_CHANNEL_LABELS).notNull(),
    endpoint: attr.string().notNull(),
    host: attr.string(),
    ip_address: attr.string(),
    http_status_code: attr.integer().notNull(),
    debug_mode: attr.boolean(),
    duration_ms: attr.integer().notNull(),
    request: attr.object(),
    created_at: attr.datetime(),
  }),
  relationships: {
    user: rel.toOne('users', { readOnly: true }),
    domain: rel.toOne('estimate-vehicle-allow-domains', { readOnly: true }),
    organization: rel.toOne('organizations', { readOnly: true }),
  },
  filters: ['channel', 'http_status_code', 'user', 'search'],
  sorts: ['created_at', 'http_status_code', 'duration_ms'],
  defaultSort: '-created_at',
});
