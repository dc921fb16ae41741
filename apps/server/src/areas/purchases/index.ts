// Purchases: suppliers and what they sell (orders, invoices, deliveries and payments come later).
import { defineArea } from '../area.ts';
import { supplierProductsResource } from './supplier-products.resource.ts';
import { suppliersImport } from './suppliers.import.ts';
import { suppliersResource } from './suppliers.resource.ts';

export const purchasesArea = defineArea({ name: 'purchases', resources: [suppliersResource, supplierProductsResource], importModels: [suppliersImport] });
