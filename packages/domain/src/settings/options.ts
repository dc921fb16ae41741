/**
 * The options every organization starts with (spec platform §3 Settings). Options are read by
 * the clients as a name-to-value map; names are '<module>.<setting>'. Money is in cents.
 */
export const DEFAULT_OPTIONS: Readonly<Record<string, unknown>> = {
  'general.document_footer': '',
  'general.currency': 'CAD',
  'sales.default_tax_group': null,
  'purchases.default_tax_group': null,
  'estimations.default_hourly_rate': 12_000,
  'estimations.callback_url_pending_approval': null,
  'estimations.callback_url_approved': null,
  'inspections.callback_url_completed': null,
  'repairs.callback_url_completed': null,
};
