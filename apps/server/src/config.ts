import { resolve } from 'node:path';
import { z } from 'zod';
import { twilioConfig } from './areas/messaging/twilio.ts';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

const optionalText = () => z.string().max(4096).optional().or(z.literal('').transform(() => undefined));

const duration = (fallbackSeconds: number) => z.coerce.number().int().positive().default(fallbackSeconds);

/** The environment of spec'd configuration, validated once at start. */
const schema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** The embedded database has no autovacuum: the server vacuums it this often (hours, 0: never). */
  EMBEDDED_VACUUM_HOURS: z.coerce.number().min(0).max(24 * 7).default(6),
  APP_URL: z.string().url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('Atelier <no-reply@atelier.test>'),
  SEED_DEMO: bool(true),
  REGISTRATION_ENABLED: bool(true),
  /** The deployment's currency (ISO 4217) and its symbol, announced in /app-config (platform §3). */
  CURRENCY: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as CAD').default('CAD'),
  CURRENCY_SYMBOL: z.string().min(1).max(8).default('$'),
  /** The barcode scanner's licence key, handed to the web app's scanner (announced in /app-config). */
  BARCODE_SCANNER_LICENSE: z.string().max(4096).optional().or(z.literal('').transform(() => undefined)),
  /**
   * Whose X-Forwarded-For to believe for the client address (rate limits, logs): false (the
   * socket), a hop count behind the load balancer, or its addresses/CIDRs comma-separated.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | number | string[] =>
      v === 'false' || v === '' ? false : v === 'true' ? true : /^\d+$/.test(v) ? Number(v) : v.split(',').map((s) => s.trim())),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TOKEN_IDLE_TIMEOUT: duration(60 * 60 * 2),
  TOKEN_MAX_LIFETIME: duration(60 * 60 * 24 * 7),
  /** How long an instance keeps a checked session in memory; 0 checks the database every time. */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(2),
  TWO_FACTOR_CODE_TTL: duration(60 * 10),
  PASSWORD_RESET_TTL: duration(60 * 60),
  INVITATION_TTL: duration(60 * 60 * 24 * 7),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  /** Largest video of a finding: 30 s filmed by a tablet at 720p is about 20 MB. */
  VIDEO_MAX_BYTES: z.coerce.number().int().positive().default(40 * 1024 * 1024),
  /** Largest import file (CSV or XLSX); 100,000 vehicle lines are about 15 MB of CSV. */
  IMPORT_MAX_BYTES: z.coerce.number().int().positive().default(50 * 1024 * 1024),
  /** Exposes GET /api/v1/dev/outbox for browser tests; never on in production. */
  ATELIER_TEST_OUTBOX: bool(false),
  /**
   * Lets callback URLs reach loopback and private addresses (refused otherwise: server-side
   * request forgery). Tests and local development set it; never in production.
   */
  CALLBACKS_ALLOW_PRIVATE: bool(false),
  /** How long a callback's receiver has to answer. */
  CALLBACKS_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(10),
  /** The first retry's delay; each next one doubles (capped at 6 hours). */
  CALLBACKS_BACKOFF_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  /**
   * Canadian Black Book's used-vehicle API (areas/pricing/black-book.ts): on when both credentials
   * are set; the base URL changes only for CBB's test service (or a test's fixture server).
   */
  CBB_USERNAME: z.string().optional(),
  CBB_PASSWORD: z.string().optional(),
  CBB_URL: z.string().url().default('https://service.canadianblackbook.com/UsedCarWS/CanUsedAPI'),
  CBB_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(5),
  /**
   * Online payment (areas/online-payments): each provider is on when all its keys are set; the API
   * base URL changes only for the provider's sandbox (PayPal) or a test's fake server.
   */
  STRIPE_SECRET_KEY: optionalText(),
  STRIPE_WEBHOOK_SECRET: optionalText(),
  STRIPE_API_URL: z.string().url().default('https://api.stripe.com'),
  PAYPAL_CLIENT_ID: optionalText(),
  PAYPAL_CLIENT_SECRET: optionalText(),
  PAYPAL_WEBHOOK_ID: optionalText(),
  PAYPAL_API_URL: z.string().url().default('https://api-m.paypal.com'),
  /** Texts (areas/messaging): on when the three keys are set; the API URL changes only for a test's fake Twilio. */
  TWILIO_ACCOUNT_SID: optionalText(),
  TWILIO_AUTH_TOKEN: optionalText(),
  TWILIO_FROM: optionalText(),
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  /**
   * How long a background job (an import, a callback delivery) stays claimed by an instance without
   * news from it; a killed instance's job is taken over by another once its lease has run out.
   */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
  /** How often each instance's job workers look for jobs on the queue (pg-boss polling; tests shorten it). */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** Serves Prometheus metrics at GET /metrics to `Authorization: Bearer <token>`; unset: no metrics. */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').max(256).optional().or(z.literal('').transform(() => undefined)),
  /**
   * On SIGTERM: seconds during which /api/v1/ready answers 503 while requests are still served (the
   * load balancer's health check interval), then seconds in-flight requests and jobs get to finish.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(30),
  /**
   * Files on an S3-compatible store (issue 25; docs/deploy.md) when S3_BUCKET is set, with its
   * endpoint (none: AWS), region and keys; unset: files stay under DATA_DIR. MinIO and most
   * self-hosted stores want path-style addresses.
   */
  S3_ENDPOINT: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  S3_BUCKET: optionalText(),
  S3_REGION: optionalText(),
  S3_ACCESS_KEY_ID: optionalText(),
  S3_SECRET_ACCESS_KEY: optionalText(),
  S3_FORCE_PATH_STYLE: bool(false),
  /** How often the follow-ups runner looks for due follow-ups (issue 26); 0: never (tests drive it). */
  FOLLOW_UPS_EVERY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Days the price estimation's request logs are kept (purged every hour). */
  REQUEST_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const s3 = s3Settings(c);
  const dataDir = resolve(c.DATA_DIR);
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir,
    databaseUrl: c.DATABASE_URL,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    embeddedVacuumHours: c.EMBEDDED_VACUUM_HOURS,
    appUrl: c.APP_URL ?? `http://${c.HOST === '0.0.0.0' ? 'localhost' : c.HOST}:${c.PORT}`,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    seedDemo: c.SEED_DEMO,
    registrationEnabled: c.REGISTRATION_ENABLED,
    currency: c.CURRENCY,
    currencySymbol: c.CURRENCY_SYMBOL,
    barcodeScannerLicense: c.BARCODE_SCANNER_LICENSE ?? null,
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY,
    tokenIdleTimeout: c.TOKEN_IDLE_TIMEOUT,
    tokenMaxLifetime: c.TOKEN_MAX_LIFETIME,
    sessionCacheSeconds: c.SESSION_CACHE_SECONDS,
    twoFactorCodeTtl: c.TWO_FACTOR_CODE_TTL,
    passwordResetTtl: c.PASSWORD_RESET_TTL,
    invitationTtl: c.INVITATION_TTL,
    uploadMaxBytes: c.UPLOAD_MAX_BYTES,
    videoMaxBytes: c.VIDEO_MAX_BYTES,
    importMaxBytes: c.IMPORT_MAX_BYTES,
    testOutbox: c.ATELIER_TEST_OUTBOX && c.NODE_ENV !== 'production',
    callbacksAllowPrivate: c.CALLBACKS_ALLOW_PRIVATE,
    callbacksTimeoutMs: c.CALLBACKS_TIMEOUT_SECONDS * 1000,
    callbacksBackoffSeconds: c.CALLBACKS_BACKOFF_SECONDS,
    blackBook: c.CBB_USERNAME && c.CBB_PASSWORD ? { url: c.CBB_URL.replace(/\/+$/, ''), username: c.CBB_USERNAME, password: c.CBB_PASSWORD, timeoutMs: c.CBB_TIMEOUT_SECONDS * 1000 } : null,
    onlinePayments: {
      stripe: c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET ? { secretKey: c.STRIPE_SECRET_KEY, webhookSecret: c.STRIPE_WEBHOOK_SECRET, apiUrl: c.STRIPE_API_URL } : null,
      paypal:
        c.PAYPAL_CLIENT_ID && c.PAYPAL_CLIENT_SECRET && c.PAYPAL_WEBHOOK_ID
          ? { clientId: c.PAYPAL_CLIENT_ID, clientSecret: c.PAYPAL_CLIENT_SECRET, webhookId: c.PAYPAL_WEBHOOK_ID, apiUrl: c.PAYPAL_API_URL.replace(/\/+$/, '') }
          : null,
    },
    sms: twilioConfig(c),
    requestLogRetentionDays: c.REQUEST_LOG_RETENTION_DAYS,
    s3,
    metricsToken: c.METRICS_TOKEN ?? null,
    jobLeaseSeconds: c.JOB_LEASE_SECONDS,
    jobsPollSeconds: c.JOBS_POLL_SECONDS,
    followUpsEverySeconds: c.FOLLOW_UPS_EVERY_SECONDS,
    shutdownDrainMs: c.SHUTDOWN_DRAIN_SECONDS * 1000,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_SECONDS * 1000,
  };
}

/** The S3 store's settings, all or nothing: a half-configured store stops the start with what is missing. */
function s3Settings(c: z.infer<typeof schema>) {
  const given = { S3_ENDPOINT: c.S3_ENDPOINT, S3_BUCKET: c.S3_BUCKET, S3_REGION: c.S3_REGION, S3_ACCESS_KEY_ID: c.S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: c.S3_SECRET_ACCESS_KEY };
  if (Object.values(given).every((v) => v === undefined)) return null;
  // The endpoint may be left out for AWS itself; the rest is needed.
  const missing = Object.entries(given)
    .filter(([name, v]) => v === undefined && name !== 'S3_ENDPOINT')
    .map(([name]) => name);
  if (missing.length) throw new Error(`Invalid configuration:\n  S3 storage is half configured: set ${missing.join(', ')} too (or none of the S3_ variables to keep files in DATA_DIR)`);
  return {
    endpoint: c.S3_ENDPOINT,
    bucket: c.S3_BUCKET!,
    region: c.S3_REGION!,
    accessKeyId: c.S3_ACCESS_KEY_ID!,
    secretAccessKey: c.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: c.S3_FORCE_PATH_STYLE,
  };
}
