import { rel } from '../declare/declare.ts';
import { taxGroup } from './taxes.ts';

/**
 * A tax group (spec §3 Tax group): the taxes a line charges together (Québec: GST + QST). A new
 * organization gets the Canadian ones (taxes/canadian-taxes.ts); its taxes are written inside its
 * document (a child collection).
 */
export const taxGroups = taxGroup('tax-groups', ['organization', rel.toOne('organizations', { readOnly: true })], ['taxes', 'taxes']);
