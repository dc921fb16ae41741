// Purchases: suppliers and what they sell (orders, invoices, deliveries and payments come later).
import './suppliers.resource.ts';
import './supplier-products.resource.ts';
