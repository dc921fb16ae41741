// Inventory (issue 22): products, warehouses, each product's stock per warehouse, and the stock
// movements that keep it (a workflow document with lines on the kit).
import { defineArea } from '../area.ts';
import { seedDemoInventory } from './demo.ts';
import { productLabelRoutes } from './labels.routes.ts';
import { productsResource } from './products.resource.ts';
import { stockMovementItemsResource } from './stock-movement-items.resource.ts';
import { stockMovementsResource } from './stock-movements.resource.ts';
import { warehouseProductsResource } from './warehouse-products.resource.ts';
import { warehousesResource } from './warehouses.resource.ts';

export const inventoryArea = defineArea({
  name: 'inventory',
  resources: [productsResource, warehousesResource, warehouseProductsResource, stockMovementsResource, stockMovementItemsResource],
  routes: [productLabelRoutes],
  demo: seedDemoInventory,
});
