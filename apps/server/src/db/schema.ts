// Every table of the application, for Drizzle and drizzle-kit. One line per area.
export * from '../areas/admin/admin.table.ts';
export * from './codes.table.ts';
export * from '../auth/auth.table.ts';
export * from '../mail/mail.table.ts';
export * from '../areas/files/files.table.ts';
export * from '../areas/notifications/notifications.table.ts';
export * from '../areas/vehicles/vehicles.table.ts';
export * from '../areas/requests/requests.table.ts';
export * from '../areas/purchases/purchases.table.ts';
export * from '../areas/crm/crm.table.ts';
export * from '../areas/imports/imports.table.ts';
export * from '../areas/inspections/inspection-forms.table.ts';
export * from '../areas/inspections/inspections.table.ts';
export * from '../areas/comments/comments.table.ts';
export * from '../areas/settings/settings.table.ts';
export * from '../areas/inspections/inspection-shares.table.ts';
export * from '../areas/pricing/pricing.table.ts';
