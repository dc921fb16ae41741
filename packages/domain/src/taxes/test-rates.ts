import type { TaxRate } from './taxes.ts';

// The rates the domain's tests price with, as an organization's tax groups give them (the Québec
// codes as its forms print them): written once for the tests of lines, documents, quotes and work orders.

export const GST: TaxRate = { code: 'TPS', rate: '5', type: 'percentage' };
export const QST: TaxRate = { code: 'TVQ', rate: '9.975', type: 'percentage' };
export const HST13: TaxRate = { code: 'HST', rate: '13', type: 'percentage' };
/** Québec's group: the GST and the QST, each on the pre-tax amount. */
export const QUEBEC: TaxRate[] = [GST, QST];
