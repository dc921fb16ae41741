-- Permissions added to the catalogue before the server granted new ones to the existing default
-- roles (db/seed.ts syncPermissions): the organizations' administrators and managers get
-- « apply discounts estimations », the resellers' and the platform's administrators every
-- permission of the reseller's templates and the organizations' discounts, as new roles do.
-- On a new database the permissions table is still empty here: nothing is inserted.
INSERT INTO role_permissions (role_id, permission_id)
SELECT r.id, p.id
  FROM roles r
  JOIN permissions p ON p.name = 'apply discounts estimations'
 WHERE r.key IN ('administrator', 'manager', 'reseller_admin', 'platform_admin')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO role_permissions (role_id, permission_id)
SELECT r.id, p.id
  FROM roles r
  JOIN permissions p ON p.subject IN ('form templates', 'canned job templates')
 WHERE r.key IN ('reseller_admin', 'platform_admin')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE roles SET updated_at = now()
 WHERE key IN ('administrator', 'manager', 'reseller_admin', 'platform_admin');
