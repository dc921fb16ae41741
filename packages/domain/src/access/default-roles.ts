import { PERMISSIONS, permissionsForLevel, type Permission } from './permissions.ts';

/**
 * Roles given to every new organization (documented in docs/decisions.md). Each is a starting
 * point: the organization's administrator edits or copies them.
 */
export interface DefaultRole {
  key: string;
  /** Names in French and English; the role name stored is the organization's locale one. */
  name: { fr: string; en: string };
  permissions: Permission[];
  /** The largest discount its users give on a line, in percent (issue 27); left out: no maximum. */
  maxDiscountPercent?: string;
}

const org = permissionsForLevel('organization');
const bySubject = (subjects: string[], verbs?: string[]) =>
  PERMISSIONS.filter(
    (p) => p.scope === 'organization' && subjects.includes(p.subject) && (!verbs || verbs.includes(p.verb)),
  ).map((p) => p.name);
const READ = ['view module', 'view any', 'view'];
const WRITE = [...READ, 'create', 'edit'];

const uniq = (names: Permission[]) => [...new Set(names)];
/**
 * Comments: read and write; one's own comments are edited and deleted with 'create comments'
 * (mayChangeComment), others' need 'edit comments' / 'delete comments', kept for managers.
 */
const COMMENTER = bySubject(['comments'], ['view any', 'view', 'create']);
/** Whoever requests are assigned to sees them (their dashboard's assigned work) and completes them. */
const ASSIGNEE = bySubject(['requests'], [...READ, 'complete']);

/** The file explorer, read only: the procedures and documents the shop floor works from (the restricted ones stay hidden). */
const READER: Permission[] = ['view app file explorer', ...bySubject(['files', 'folders'], READ)];

/** A role of the shop floor: the workshop's apps, its own work, and what every worker does (assigned requests, comments). */
const workshopRole = (key: string, name: DefaultRole['name'], own: Permission[]): DefaultRole => ({
  key,
  name,
  permissions: uniq(['view app default', 'view app inspectpro', 'view app vehicles', ...own, ...ASSIGNEE, ...COMMENTER, ...READER]),
});

export const DEFAULT_ROLES: readonly DefaultRole[] = [
  { key: 'administrator', name: { fr: 'Administrateur', en: 'Administrator' }, permissions: org },
  {
    key: 'manager',
    name: { fr: 'Gestionnaire', en: 'Manager' },
    // A manager discounts up to 15 % of a line; the administrator without limit.
    maxDiscountPercent: '15',
    // Everything in the organization except managing roles and the organization itself.
    permissions: org.filter(
      (n) => !/(create|edit|delete) roles$/.test(n) && !/^(edit|delete) own organization$/.test(n),
    ),
  },
  {
    key: 'service_advisor',
    name: { fr: 'Conseiller technique', en: 'Service advisor' },
    permissions: uniq([
      'view app default',
      'view app vehicles',
      'view app inspectpro',
      'view app crm',
      ...bySubject(['vehicles', 'customers', 'contacts', 'tags'], WRITE),
      ...COMMENTER,
      ...bySubject(['requests'], [...WRITE, 'assign', 'cancel', 'complete', 'make inspection requests', 'make repair requests', 'make estimation requests']),
      // Assigning needs the list of colleagues to pick from.
      ...bySubject(['users'], ['view any']),
      ...bySubject(['inspections', 'estimations', 'repairs'], READ),
    ]).filter((n) => org.includes(n)),
  },
  workshopRole('inspector', { fr: 'Inspecteur', en: 'Inspector' }, [
    ...bySubject(['vehicles'], READ),
    ...bySubject(['inspection forms'], READ),
    ...bySubject(['inspections'], [...WRITE, 'start', 'complete', 'take over']),
  ]),
  workshopRole('estimator', { fr: 'Estimateur', en: 'Estimator' }, [
    ...bySubject(['vehicles', 'inspections', 'products', 'suppliers'], READ),
    ...bySubject(['estimations'], [...WRITE, 'edit components', 'edit times', 'take over']),
  ]),
  workshopRole('mechanic', { fr: 'Mécanicien', en: 'Mechanic' }, [
    ...bySubject(['vehicles', 'estimations'], READ),
    ...bySubject(['repairs'], [...READ, 'edit', 'start', 'complete', 'take over']),
  ]),
];

/** The roles every installation keeps by key beside the organizations' ones: the platform's and each reseller's administrator. */
const LEVEL_ROLES: readonly [key: string, permissions: readonly Permission[]][] = [
  ['platform_admin', permissionsForLevel('platform')],
  ['reseller_admin', permissionsForLevel('reseller')],
];

const DEFAULTS_BY_KEY = new Map<string, readonly Permission[]>([...DEFAULT_ROLES.map((r) => [r.key, r.permissions] as const), ...LEVEL_ROLES]);

/**
 * The permissions a role made with a default key starts with; null for a role of the organization's
 * own making. A permission new to the catalogue is granted to the existing roles of the keys whose
 * defaults hold it (the server's permission sync), so an installation's roles get what a new one's do.
 */
export function defaultRolePermissions(key: string | null): readonly Permission[] | null {
  return key === null ? null : (DEFAULTS_BY_KEY.get(key) ?? null);
}

/** Every default key (organizations' roles, then the platform's and resellers' administrators). */
export const DEFAULT_ROLE_KEYS: readonly string[] = [...DEFAULTS_BY_KEY.keys()];

