// The administration area: users, roles and permissions, organizations and resellers, locations,
// tags, options and the activity log. Its demo data is the base of db/seed.ts.
import { defineArea } from '../area.ts';
import { userName } from './assignees.ts';
import { locationsResource } from './locations.resource.ts';
import { logsResource } from './logs.resource.ts';
import { optionsResource } from './options.resource.ts';
import { organizationsResource } from './organizations.resource.ts';
import { permissionsResource } from './permissions.resource.ts';
import { resellersResource } from './resellers.resource.ts';
import { rolesResource } from './roles.resource.ts';
import { tagsResource } from './tags.resource.ts';
import { usersResource } from './users.resource.ts';

export const adminArea = defineArea({
  name: 'admin',
  resources: [
    usersResource,
    rolesResource,
    permissionsResource,
    organizationsResource,
    resellersResource,
    locationsResource,
    tagsResource,
    optionsResource,
    logsResource,
  ],
  // The engine names a holder in its refusals by this.
  hooks: { userName },
});
