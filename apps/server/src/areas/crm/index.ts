// CRM: customers and the contacts of customers and suppliers.
import './customers.resource.ts';
import './contacts.resource.ts';
