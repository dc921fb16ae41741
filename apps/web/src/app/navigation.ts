import type { Permission } from '@atelier/domain';
import { APPS, SCREENS, typeText } from './resources.ts';
/**
 * The two-level menu of the shell (spec platform §2 Shell layout, §6 Specific gating). Level 1 is
 * the apps, each gated by 'view app X'; level 2 the items of an app, each with its own permission.
 * An item is shown only when the web app has its screen (`ready`); an app only when it has a home
 * of its own or at least one visible item, so the menu never leads to a screen that does not exist.
 */
export interface MenuItem {
  key: string;
  path: string;
  permission: Permission;
  /** A second permission the screen needs (Screen.alsoNeeds). */
  alsoNeeds?: Permission;
  /** The web app has the screen. */
  ready: boolean;
  /** The type the screen lists. */
  type?: string;
  /** i18n key of the item: the title of the type it lists, else `shell:items.<key>`. */
  label: string;
}

export interface MenuApp {
  key: string;
  /** Where the app starts when no last route is stored. */
  path: string;
  permission: Permission;
  items: MenuItem[];
  /** The app is a single screen (Dashboard). */
  single?: boolean;
}

/** The menu, from the registry of screens (resources.ts): its apps in order, each with its screens in order. */
export const MENU: readonly MenuApp[] = APPS.map((app) => ({
  key: app.key,
  path: app.path,
  permission: app.permission,
  ...(app.single ? { single: true } : {}),
  items: SCREENS.filter((s) => s.app === app.key).map((s) => ({ key: s.key, path: s.path, permission: s.permission, ...(s.alsoNeeds ? { alsoNeeds: s.alsoNeeds } : {}), ready: Boolean(s.page), label: s.type ? typeText(s.type, 'title') : `shell:items.${s.key}`, ...(s.type ? { type: s.type } : {}) })),
}));

export type Held = ReadonlySet<Permission>;

export function visibleItems(app: MenuApp, held: Held): MenuItem[] {
  return app.items.filter((i) => i.ready && held.has(i.permission) && (!i.alsoNeeds || held.has(i.alsoNeeds)));
}

export function visibleApps(held: Held, menu: readonly MenuApp[] = MENU): MenuApp[] {
  return menu.filter((a) => held.has(a.permission) && (a.single || visibleItems(a, held).length > 0));
}

/** The app a path belongs to ('/admin/users' -> admin). */
export function appOfPath(path: string, menu: readonly MenuApp[] = MENU): MenuApp | undefined {
  const first = `/${path.split(/[?#]/)[0].split('/').filter(Boolean)[0] ?? ''}`;
  return menu.find((a) => a.path === first || a.path.split('/').slice(0, 2).join('/') === first);
}

/** A route may be opened when it needs no permission or one of the user's roles holds it. */
export function allowed(permission: Permission | undefined, held: Held): boolean {
  return !permission || held.has(permission);
}
