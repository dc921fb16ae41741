// CRM: customers and the contacts of customers and suppliers.
import { defineArea } from '../area.ts';
import { contactsResource } from './contacts.resource.ts';
import { contactsImport, customersImport } from './crm.import.ts';
import { customersResource } from './customers.resource.ts';
import { seedDemoCrm } from './demo.ts';

export const crmArea = defineArea({ name: 'crm', resources: [customersResource, contactsResource], importModels: [customersImport, contactsImport], demo: seedDemoCrm });
