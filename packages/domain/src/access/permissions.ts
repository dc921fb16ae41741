/**
 * The permission catalogue: the single source of every permission name (spec platform §6 and
 * inspections §6). The server seeds it into the `permissions` table; the web gates menus and
 * routes with the same names.
 *
 * Names follow the spec's pattern: 'view app X', 'view module X', 'view any X', 'view X',
 * 'create X', 'edit X', 'delete X', plus the special verbs of some subjects.
 */

/** Who may hold a permission: organization roles hold only 'organization' ones. */
export type PermissionScope = 'organization' | 'reseller' | 'platform';

export type PermissionArea =
  | 'apps'
  | 'admin'
  | 'crm'
  | 'sales'
  | 'purchases'
  | 'inventory'
  | 'files'
  | 'reseller'
  | 'inspectpro'
  | 'vehicles'
  | 'settings';

export interface SubjectDefinition {
  /** The words after the verb: 'view any <subject>'. */
  subject: string;
  area: PermissionArea;
  scope: PermissionScope;
  /** Standard verbs held by this subject. */
  verbs: readonly StandardVerb[];
  /** Extra verbs written before the subject ('approve inspections') or whole names. */
  extra?: readonly string[];
  /** Scope overrides for individual names (e.g. 'edit own reseller' is a reseller's, not the platform's). */
  nameScopes?: Readonly<Record<string, PermissionScope>>;
}

export type StandardVerb = 'view module' | 'view any' | 'view' | 'create' | 'edit' | 'delete';

const CRUD = ['view module', 'view any', 'view', 'create', 'edit', 'delete'] as const satisfies readonly StandardVerb[];
const CRUD_NO_MODULE = ['view any', 'view', 'create', 'edit', 'delete'] as const satisfies readonly StandardVerb[];

export const APPS = [
  'default',
  'crm',
  'sales',
  'purchases',
  'inventory',
  'file explorer',
  'reseller',
  'admin',
  'inspectpro',
  'vehicles',
] as const;
export type AppName = (typeof APPS)[number];

// Kept literal (as const) so that the Permission type below is computed from the catalogue itself.
export const SUBJECTS = [
  // Administration
  { subject: 'users', area: 'admin', scope: 'organization', verbs: CRUD },
  { subject: 'roles', area: 'admin', scope: 'organization', verbs: CRUD },
  { subject: 'locations', area: 'admin', scope: 'organization', verbs: CRUD, extra: ['edit own locations'] },
  // Organizations are a reseller's to manage; their own users see and edit only their own.
  {
    subject: 'organizations',
    area: 'admin',
    scope: 'reseller',
    verbs: CRUD,
    extra: ['view own organization', 'edit own organization'],
    nameScopes: { 'view own organization': 'organization', 'edit own organization': 'organization' },
  },
  {
    subject: 'resellers',
    area: 'admin',
    scope: 'platform',
    verbs: CRUD,
    extra: ['edit own reseller'],
    nameScopes: { 'edit own reseller': 'reseller', 'view resellers': 'reseller' },
  },
  { subject: 'imports', area: 'admin', scope: 'organization', verbs: CRUD },
  { subject: 'permissions', area: 'admin', scope: 'organization', verbs: ['view any', 'view'] },
  { subject: 'logs', area: 'admin', scope: 'organization', verbs: ['view any', 'view'] },
  { subject: 'tags', area: 'admin', scope: 'organization', verbs: CRUD_NO_MODULE },
  { subject: 'notification subscriptions', area: 'admin', scope: 'organization', verbs: CRUD_NO_MODULE },
  // Settings
  { subject: 'settings', area: 'settings', scope: 'organization', verbs: CRUD },
  { subject: 'options', area: 'settings', scope: 'organization', verbs: ['view module', 'view any', 'edit'] },
  { subject: 'taxes', area: 'settings', scope: 'organization', verbs: CRUD },
  { subject: 'comments', area: 'settings', scope: 'organization', verbs: CRUD_NO_MODULE },
  // CRM
  { subject: 'customers', area: 'crm', scope: 'organization', verbs: CRUD },
  { subject: 'contacts', area: 'crm', scope: 'organization', verbs: CRUD },
  // Purchases
  { subject: 'suppliers', area: 'purchases', scope: 'organization', verbs: CRUD },
  { subject: 'purchases orders', area: 'purchases', scope: 'organization', verbs: CRUD },
  { subject: 'purchases invoices', area: 'purchases', scope: 'organization', verbs: CRUD },
  { subject: 'purchases deliveries', area: 'purchases', scope: 'organization', verbs: CRUD },
  { subject: 'purchases payments', area: 'purchases', scope: 'organization', verbs: CRUD },
  // Sales
  { subject: 'sales orders', area: 'sales', scope: 'organization', verbs: CRUD },
  { subject: 'sales invoices', area: 'sales', scope: 'organization', verbs: CRUD },
  { subject: 'sales deliveries', area: 'sales', scope: 'organization', verbs: CRUD },
  { subject: 'sales payments', area: 'sales', scope: 'organization', verbs: CRUD },
  // Inventory
  { subject: 'products', area: 'inventory', scope: 'organization', verbs: CRUD },
  { subject: 'warehouses', area: 'inventory', scope: 'organization', verbs: CRUD },
  { subject: 'stock movements', area: 'inventory', scope: 'organization', verbs: CRUD, extra: ['validate stock movements', 'cancel stock movements'] },
  // Files
  { subject: 'files', area: 'files', scope: 'organization', verbs: CRUD, extra: ['manage access files'] },
  {
    subject: 'folders',
    area: 'files',
    scope: 'organization',
    verbs: CRUD,
    extra: ['manage access folders', 'manage system folders'],
  },
  // Reseller billing: resellers manage their catalogue and bill organizations.
  { subject: 'subscriptions', area: 'reseller', scope: 'reseller', verbs: CRUD },
  { subject: 'packages', area: 'reseller', scope: 'reseller', verbs: CRUD },
  { subject: 'reseller products', area: 'reseller', scope: 'reseller', verbs: CRUD },
  { subject: 'reseller services', area: 'reseller', scope: 'reseller', verbs: CRUD },
  { subject: 'reseller taxes', area: 'reseller', scope: 'reseller', verbs: CRUD },
  { subject: 'reseller invoices', area: 'reseller', scope: 'reseller', verbs: CRUD },
  { subject: 'reseller payments', area: 'reseller', scope: 'reseller', verbs: ['view module', 'view any', 'view', 'create'] },
  // Templates a reseller publishes to its organizations (issue 27).
  { subject: 'form templates', area: 'reseller', scope: 'reseller', verbs: CRUD },
  { subject: 'canned job templates', area: 'reseller', scope: 'reseller', verbs: CRUD },
  // Inspectpro
  { subject: 'inspection forms', area: 'inspectpro', scope: 'organization', verbs: CRUD },
  { subject: 'canned jobs', area: 'inspectpro', scope: 'organization', verbs: CRUD_NO_MODULE },
  {
    subject: 'inspections',
    area: 'inspectpro',
    scope: 'organization',
    verbs: CRUD,
    extra: [
      'approve inspections',
      'assign inspections',
      'cancel inspections',
      'start inspections',
      'complete inspections',
      'take over inspections',
      'view in progress inspections',
      'view group assigned inspections',
    ],
  },
  {
    subject: 'estimations',
    area: 'inspectpro',
    scope: 'organization',
    verbs: CRUD,
    extra: [
      'assign estimations',
      'validate estimations',
      'approve estimations',
      'cancel estimations',
      'complete estimations',
      'deny estimations',
      'review estimations',
      'edit components estimations',
      'edit times estimations',
      'take over estimations',
      'change manager estimations',
      'make repair without estimation',
      'apply discounts estimations',
    ],
  },
  {
    subject: 'repairs',
    area: 'inspectpro',
    scope: 'organization',
    verbs: CRUD,
    extra: [
      'validate repairs',
      'assign repairs',
      'cancel repairs',
      'start repairs',
      'complete repairs',
      'take over repairs',
      'view group assigned repairs',
    ],
  },
  // Vehicles
  { subject: 'vehicles', area: 'vehicles', scope: 'organization', verbs: CRUD },
  {
    subject: 'requests',
    area: 'vehicles',
    scope: 'organization',
    verbs: CRUD,
    extra: [
      'approve requests',
      'assign requests',
      'cancel requests',
      'complete requests',
      'make inspection requests',
      'make repair requests',
      'make estimation requests',
    ],
  },
  {
    subject: 'vehicle estimations',
    area: 'vehicles',
    scope: 'organization',
    verbs: ['view module'],
    extra: ['make vehicle estimations via api', 'make vehicle estimations via iframe', 'view debug mode vehicle estimations'],
  },
  { subject: 'vehicle estimation domains', area: 'vehicles', scope: 'organization', verbs: CRUD_NO_MODULE },
  // The market data of the built-in valuation (imported sales and listings).
  { subject: 'vehicle sales', area: 'vehicles', scope: 'organization', verbs: CRUD_NO_MODULE },
  { subject: 'request logs', area: 'vehicles', scope: 'organization', verbs: ['view any', 'view', 'delete'] },
  // The estimates kept (issue 27): written by the estimation itself, never edited nor deleted by hand.
  { subject: 'appraisals', area: 'vehicles', scope: 'organization', verbs: ['view module', 'view any', 'view'] },
] as const satisfies readonly SubjectDefinition[];

/** The words after the verb of a standard permission ('users', 'inspection forms'). */
export type PermissionSubject = (typeof SUBJECTS)[number]['subject'];

type NamesOf<S> = S extends { subject: infer N extends string; verbs: readonly (infer V extends string)[] }
  ? `${V} ${N}` | (S extends { extra: readonly (infer E extends string)[] } ? E : never)
  : never;

/**
 * Every permission name of the catalogue, as a literal union: a misspelt permission in a
 * declaration, an action or a check (`actor.permissions.has('aprove inspections')`) is a type error.
 */
export type Permission = `view app ${AppName}` | NamesOf<(typeof SUBJECTS)[number]>;

export interface PermissionDefinition {
  name: Permission;
  area: PermissionArea;
  /** The subject it belongs to ('users'), or 'apps' for the application gates. */
  subject: string;
  /** The verb column in the permission matrix ('view any', 'approve', ...). */
  verb: string;
  scope: PermissionScope;
}

function build(): PermissionDefinition[] {
  const out: PermissionDefinition[] = APPS.map((app) => ({
    name: `view app ${app}` as const,
    area: 'apps' as const,
    subject: 'apps',
    verb: app,
    scope: app === 'reseller' ? ('reseller' as const) : ('organization' as const),
  }));
  // Widened to the definition's shape to walk it; the names are the Permission union's by construction.
  for (const s of SUBJECTS as readonly SubjectDefinition[]) {
    const scopeOf = (name: string) => s.nameScopes?.[name] ?? s.scope;
    for (const verb of s.verbs) {
      const name = `${verb} ${s.subject}` as Permission;
      out.push({ name, area: s.area, subject: s.subject, verb, scope: scopeOf(name) });
    }
    for (const name of (s.extra ?? []) as readonly Permission[]) {
      const verb = name.endsWith(` ${s.subject}`) ? name.slice(0, -s.subject.length - 1) : name;
      out.push({ name, area: s.area, subject: s.subject, verb, scope: scopeOf(name) });
    }
  }
  return out;
}

export const PERMISSIONS: readonly PermissionDefinition[] = build();
export const PERMISSION_NAMES: ReadonlySet<string> = new Set(PERMISSIONS.map((p) => p.name));

/** Permission names that a role of the given level may hold. */
export function permissionsForLevel(level: PermissionScope): Permission[] {
  const allowed: Record<PermissionScope, PermissionScope[]> = {
    organization: ['organization'],
    reseller: ['organization', 'reseller'],
    platform: ['organization', 'reseller', 'platform'],
  };
  return PERMISSIONS.filter((p) => allowed[level].includes(p.scope)).map((p) => p.name);
}

/** The standard permission of a verb on a subject; `never` where the catalogue has none (nobody holds it). */
type Standard<V extends StandardVerb, S extends PermissionSubject> = Extract<Permission, `${V} ${S}`>;

/** The names of the standard verbs for one subject, as the engine checks them. */
export function crudPermissions<S extends PermissionSubject>(subject: S) {
  const name = <V extends StandardVerb>(verb: V) => `${verb} ${subject}` as Standard<V, S>;
  return { module: name('view module'), viewAny: name('view any'), view: name('view'), create: name('create'), edit: name('edit'), delete: name('delete') };
}
