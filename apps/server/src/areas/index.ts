// Every business area, in the order their demo data is seeded. app.ts serves these by default;
// a test may build an app with fewer.
import type { Area } from './area.ts';
import { adminArea } from './admin/index.ts';
import { cannedJobsArea } from './canned-jobs/index.ts';
import { commentsArea } from './comments/index.ts';
import { crmArea } from './crm/index.ts';
import { estimationsArea } from './estimations/index.ts';
import { filesArea } from './files/index.ts';
import { followUpsArea } from './follow-ups/index.ts';
import { importsArea } from './imports/index.ts';
import { messagingArea } from './messaging/index.ts';
import { inventoryArea } from './inventory/index.ts';
import { inspectionsArea } from './inspections/index.ts';
import { onlinePaymentsArea } from './online-payments/index.ts';
import { notificationsArea } from './notifications/index.ts';
import { pricingArea } from './pricing/index.ts';
import { purchasesArea } from './purchases/index.ts';
import { repairsArea } from './repairs/index.ts';
import { requestsArea } from './requests/index.ts';
import { resellerArea } from './reseller/index.ts';
import { salesArea } from './sales/index.ts';
import { settingsArea } from './settings/index.ts';
import { templatesArea } from './templates/index.ts';
import { vehiclesArea } from './vehicles/index.ts';

export const AREAS: readonly Area[] = [adminArea, filesArea, notificationsArea, vehiclesArea, requestsArea, importsArea, crmArea, inspectionsArea, commentsArea, settingsArea, estimationsArea, repairsArea, inventoryArea, cannedJobsArea, purchasesArea, salesArea, pricingArea, onlinePaymentsArea, messagingArea, followUpsArea, resellerArea, templatesArea];
