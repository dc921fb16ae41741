// The administration area: one declaration per resource (importing registers it).
import './users.resource.ts';
import './roles.resource.ts';
import './permissions.resource.ts';
import './organizations.resource.ts';
import './resellers.resource.ts';
import './locations.resource.ts';
import './tags.resource.ts';
import './options.resource.ts';
import './logs.resource.ts';
