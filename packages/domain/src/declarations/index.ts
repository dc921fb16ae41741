import type { Declaration, ReadAttributes, RelationshipDeclaration } from '../declare/declare.ts';
import { cannedJobItems } from './canned-job-items.ts';
import { cannedJobTriggers } from './canned-job-triggers.ts';
import { cannedJobs } from './canned-jobs.ts';
import { comments } from './comments.ts';
import { callbackDeliveries } from './callback-deliveries.ts';
import { contacts } from './contacts.ts';
import { customerConsents } from './customer-consents.ts';
import { customers } from './customers.ts';
import { messages } from './messages.ts';
import { deferredWork } from './deferred-work.ts';
import { followUps } from './follow-ups.ts';
import { estimationItems } from './estimation-items.ts';
import { fileVersions } from './file-versions.ts';
import { files } from './files.ts';
import { folders } from './folders.ts';
import { cannedJobTemplateAdoptions } from './canned-job-template-adoptions.ts';
import { cannedJobTemplateVersions } from './canned-job-template-versions.ts';
import { cannedJobTemplates } from './canned-job-templates.ts';
import { formTemplateAdoptions } from './form-template-adoptions.ts';
import { formTemplateVersions } from './form-template-versions.ts';
import { formTemplates } from './form-templates.ts';
import { estimations } from './estimations.ts';
import { importItems } from './import-items.ts';
import { imports } from './imports.ts';
import { inspectionFormMultipliers } from './inspection-form-multipliers.ts';
import { inspectionFormNotes } from './inspection-form-notes.ts';
import { inspectionFormReminders } from './inspection-form-reminders.ts';
import { inspectionFormSectionFields } from './inspection-form-section-fields.ts';
import { inspectionFormSections } from './inspection-form-sections.ts';
import { inspectionFormVersions } from './inspection-form-versions.ts';
import { inspectionFields } from './inspection-fields.ts';
import { inspectionForms } from './inspection-forms.ts';
import { inspections } from './inspections.ts';
import { locations } from './locations.ts';
import { logs } from './logs.ts';
import { notificationSubscriptions } from './notification-subscriptions.ts';
import { notifications } from './notifications.ts';
import { options } from './options.ts';
import { organizations } from './organizations.ts';
import { permissions } from './permissions.ts';
import { repairItems } from './repair-items.ts';
import { repairs } from './repairs.ts';
import { repairTimeEntries } from './repair-time-entries.ts';
import { requests } from './requests.ts';
import { resellers } from './resellers.ts';
import { roles } from './roles.ts';
import { supplierProducts } from './supplier-products.ts';
import { suppliers } from './suppliers.ts';
import { tags } from './tags.ts';
import { taxGroups } from './tax-groups.ts';
import { taxes } from './taxes.ts';
import { users } from './users.ts';
import { vehicles } from './vehicles.ts';
import { vehicleSales } from './vehicle-sales.ts';
import { estimateVehicleAllowDomains } from './estimate-vehicle-allow-domains.ts';
import { requestLogs } from './request-logs.ts';
import { appraisals } from './appraisals.ts';
import { products } from './products.ts';
import { stockMovementItems } from './stock-movement-items.ts';
import { stockMovements } from './stock-movements.ts';
import { warehouseProducts } from './warehouse-products.ts';
import { warehouses } from './warehouses.ts';
import { purchasesDeliveries } from './purchases-deliveries.ts';
import { purchasesDeliveryItems } from './purchases-delivery-items.ts';
import { purchasesInvoiceItems } from './purchases-invoice-items.ts';
import { purchasesInvoices } from './purchases-invoices.ts';
import { purchasesOrderItems } from './purchases-order-items.ts';
import { purchasesOrders } from './purchases-orders.ts';
import { purchasesPayments } from './purchases-payments.ts';
import { salesDeliveries } from './sales-deliveries.ts';
import { salesDeliveryItems } from './sales-delivery-items.ts';
import { salesInvoiceItems } from './sales-invoice-items.ts';
import { salesInvoices } from './sales-invoices.ts';
import { salesOrderItems } from './sales-order-items.ts';
import { salesOrders } from './sales-orders.ts';
import { salesPayments } from './sales-payments.ts';
import { packages } from './packages.ts';
import { resellerInvoiceItems } from './reseller-invoice-items.ts';
import { resellerInvoices } from './reseller-invoices.ts';
import { resellerPayments } from './reseller-payments.ts';
import { resellerProducts } from './reseller-products.ts';
import { resellerServices } from './reseller-services.ts';
import { resellerTaxGroups, resellerTaxes } from './reseller-tax-groups.ts';
import { subscriptions } from './subscriptions.ts';

/** Every resource type's declaration, by type: the server serves them, the web shows them. */
export const declarations = {
  'canned-jobs': cannedJobs,
  'canned-job-items': cannedJobItems,
  'canned-job-triggers': cannedJobTriggers,
  comments,
  'callback-deliveries': callbackDeliveries,
  contacts,
  'customer-consents': customerConsents,
  customers,
  messages,
  'deferred-work': deferredWork,
  'follow-ups': followUps,
  'estimation-items': estimationItems,
  estimations,
  'file-versions': fileVersions,
  files,
  folders,
  'import-items': importItems,
  imports,
  'inspection-form-multipliers': inspectionFormMultipliers,
  'inspection-form-notes': inspectionFormNotes,
  'inspection-form-reminders': inspectionFormReminders,
  'inspection-form-section-fields': inspectionFormSectionFields,
  'inspection-form-sections': inspectionFormSections,
  'inspection-form-versions': inspectionFormVersions,
  'inspection-fields': inspectionFields,
  'inspection-forms': inspectionForms,
  inspections,
  locations,
  logs,
  'notification-subscriptions': notificationSubscriptions,
  notifications,
  options,
  organizations,
  permissions,
  'repair-items': repairItems,
  repairs,
  'repair-time-entries': repairTimeEntries,
  requests,
  resellers,
  roles,
  'supplier-products': supplierProducts,
  suppliers,
  tags,
  'tax-groups': taxGroups,
  taxes,
  users,
  vehicles,
  'vehicle-sales': vehicleSales,
  'estimate-vehicle-allow-domains': estimateVehicleAllowDomains,
  'request-logs': requestLogs,
  appraisals,
  products,
  warehouses,
  'warehouse-products': warehouseProducts,
  'stock-movements': stockMovements,
  'stock-movement-items': stockMovementItems,
  'purchases-orders': purchasesOrders,
  'purchases-order-items': purchasesOrderItems,
  'purchases-deliveries': purchasesDeliveries,
  'purchases-delivery-items': purchasesDeliveryItems,
  'purchases-invoices': purchasesInvoices,
  'purchases-invoice-items': purchasesInvoiceItems,
  'purchases-payments': purchasesPayments,
  'sales-orders': salesOrders,
  'sales-order-items': salesOrderItems,
  'sales-deliveries': salesDeliveries,
  'sales-delivery-items': salesDeliveryItems,
  'sales-invoices': salesInvoices,
  'sales-invoice-items': salesInvoiceItems,
  'sales-payments': salesPayments,
  'reseller-products': resellerProducts,
  'reseller-services': resellerServices,
  'reseller-tax-groups': resellerTaxGroups,
  'reseller-taxes': resellerTaxes,
  packages,
  subscriptions,
  'reseller-invoices': resellerInvoices,
  'reseller-invoice-items': resellerInvoiceItems,
  'reseller-payments': resellerPayments,
  'form-templates': formTemplates,
  'form-template-versions': formTemplateVersions,
  'form-template-adoptions': formTemplateAdoptions,
  'canned-job-templates': cannedJobTemplates,
  'canned-job-template-versions': cannedJobTemplateVersions,
  'canned-job-template-adoptions': cannedJobTemplateAdoptions,
} as const;

export type Declarations = typeof declarations;
export type TypeName = keyof Declarations;

/** A record of a type no declaration names (a polymorphic relationship's): its identity only. */
export interface AnyRecord {
  id: string;
  type: string;
  [key: string]: unknown;
}

type RelatedOf<R> =
  R extends RelationshipDeclaration<infer T, infer M>
    ? T extends TypeName
      ? M extends true
        ? RecordOf<T>[]
        : RecordOf<T> | null
      : M extends true
        ? AnyRecord[]
        : AnyRecord | null
    : never;

/**
 * A record of type T as the web reads it from the API: its attributes (write-only ones left out,
 * nullable ones `| null`) and, when included, its related records, typed in turn. An attribute
 * named `type` (a customer's) takes the place of the resource type, as in the deserialised record.
 */
export type RecordOf<T extends TypeName> = Declarations[T] extends Declaration<T, infer A, infer R>
  ? Omit<{ id: string; type: T }, keyof A> & ReadAttributes<A> & { [K in keyof R]?: RelatedOf<R[K]> }
  : never;
