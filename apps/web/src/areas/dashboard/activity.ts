import type { Permission } from '@atelier/domain';
import type { TFunction } from 'i18next';
import { recordHref, SCREEN_OF_TYPE } from '../../app/resources.ts';

/** What GET /logs?add_data=subjects says of one entry's subject (server: logs.resource.ts). */
export interface LogSubject {
  label: string | null;
  /** The record exists and the user may see it. */
  visible: boolean;
  /** For an assignment: the assignee's name. */
  assignee?: string | null;
}

export interface ActivityEntry {
  id: string;
  event: string;
  subject_type: string;
  subject_id: string;
  causer?: { firstname?: string | null; lastname?: string | null; email?: string | null } | null;
}

/** The events with a sentence of their own; any other gets the generic one, still a sentence. */
export const ACTIVITY_EVENTS = [
  'created',
  'updated',
  'deleted',
  'assign',
  'approve',
  'complete',
  'cancel',
  'invite',
  'activate',
  'deactivate',
  'copy',
  'attach-users',
  'detach-users',
] as const;

/** The subject types with a noun of their own; any other is "the record …". */
export const ACTIVITY_SUBJECTS = [
  'requests',
  'vehicles',
  'customers',
  'contacts',
  'suppliers',
  'supplier-products',
  'users',
  'roles',
  'organizations',
  'resellers',
  'locations',
  'imports',
  'tags',
  'options',
  'notifications',
  'notification-subscriptions',
  'inspections',
  'inspection-forms',
  'estimations',
  'repairs',
  'comments',
  'deferred-work',
  'tax-groups',
] as const;

export interface ActivitySentence {
  /** The whole sentence. */
  text: string;
  /** The sentence in three parts, the middle one naming the record (the link's text). */
  parts: [string, string, string];
  /** The record's page, when it still exists and the user may open it. */
  href: string | null;
}

/**
 * The words of a declared action as the activity says it, or undefined when it has none (a test
 * of the server's declarations checks that every action has them).
 */
export function actionWords(t: TFunction, event: string): string | undefined {
  // The whole table (an object, not one sentence), so a name is looked up only among its own keys.
  const words = t('activity.actions', { ns: 'dashboard', returnObjects: true }) as unknown;
  if (!words || typeof words !== 'object' || !Object.hasOwn(words, event)) return undefined;
  const w = (words as Record<string, unknown>)[event];
  return typeof w === 'string' ? w : undefined;
}

// Splits the translated sentence around the subject without caring where a language puts it.
const MARK = '\u0001';

const personName = (p: ActivityEntry['causer']) => (p ? `${p.firstname ?? ''} ${p.lastname ?? ''}`.trim() || p.email || '' : '');

/**
 * "Marie Gagnon a assigné la demande 1HGCM82633A004352 à Ivan Tremblay": one translated sentence
 * per event and subject type, in the language of `t`, with the record's link.
 */
export function activitySentence(
  t: TFunction,
  entry: ActivityEntry,
  subject: LogSubject | undefined,
  can: (permission: Permission) => boolean = () => true,
): ActivitySentence {
  const known = (ACTIVITY_SUBJECTS as readonly string[]).includes(entry.subject_type);
  const label = subject?.label?.trim() || '';
  const noun = known
    ? label
      ? t(`dashboard:activity.subjects.${entry.subject_type}.named`, { label })
      : t(`dashboard:activity.subjects.${entry.subject_type}.unnamed`)
    : label
      ? t('dashboard:activity.subjects.other.named', { label })
      : t('dashboard:activity.subjects.other.unnamed');
  const causer = personName(entry.causer) || t('dashboard:activity.system');
  const event = (ACTIVITY_EVENTS as readonly string[]).includes(entry.event) ? entry.event.replace(/-/g, '_') : null;
  const key =
    event === 'assign' && !subject?.assignee
      ? 'dashboard:activity.events.assign_nobody'
      : event
        ? `dashboard:activity.events.${event}`
        : 'dashboard:activity.events.other';
  // Any other declared action in words ("a démarré son chronomètre sur"), never its raw name.
  const action = event ? undefined : actionWords(t, entry.event);
  const raw = t(action ? 'dashboard:activity.events.action' : key, { causer, subject: MARK, assignee: subject?.assignee ?? '', event: entry.event, action });
  const [before, after = ''] = raw.split(MARK);
  // The record's screen as the registry says (resources.ts), when the user may open it.
  const screen = SCREEN_OF_TYPE.get(entry.subject_type);
  const href = screen && subject?.visible && entry.event !== 'deleted' && can(screen.permission) ? recordHref(entry.subject_type, entry.subject_id) : null;
  return { text: `${before}${noun}${after}`, parts: [before, noun, after], href };
}
