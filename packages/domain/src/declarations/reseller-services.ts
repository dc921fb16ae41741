import { declare } from '../declare/declare.ts';
import { resellerCatalogue } from './reseller-products.ts';

/** A service a reseller bills (set-up, training; spec platform §3 Reseller billing): a line of its invoices. */
export const resellerServices = declare('reseller-services', resellerCatalogue());
