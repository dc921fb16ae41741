import { describe, expect, it } from 'vitest';
import { fromInput, inputProblem, optionFields, toInput } from './optionsForm.ts';

describe('settings form model', () => {
  it('lists each module’s options with their kind', () => {
    expect(optionFields('estimations').map((f) => [f.name, f.kind])).toEqual([
      ['estimations.default_hourly_rate', 'money'],
      ['estimations.default_tax_group', 'tax_group'],
      ['estimations.callback_url_pending_approval', 'callback_url'],
      ['estimations.callback_url_approved', 'callback_url'],
      ['estimations.follow_ups_enabled', 'switch'],
      ['estimations.follow_up_days', 'days'],
      ['estimations.follow_up_channel', 'follow_up_channel'],
      ['estimations.markup_matrix', 'markup_matrix'],
      ['estimations.environmental_fees', 'environmental_fees'],
      ['estimations.shop_supplies_percent', 'percent'],
      ['estimations.shop_supplies_cap', 'optional_money'],
    ]);
    expect(optionFields('sales').map((f) => f.name)).toEqual(['sales.default_tax_group', 'sales.gst_number', 'sales.qst_number', 'sales.payment_terms']);
  });

  it.each([
    ['money', '125,50', 12_550],
    ['money', '120', 12_000],
    ['money', '12.4', 1240],
    ['money', '1 234,50', 123_450],
    // More than cents is not rounded away unseen: sent as typed, the screen says why (inputProblem).
    ['money', '0.005', '0.005'],
    ['money', 'abc', 'abc'],
    ['money', '', ''],
    ['tax_group', '', null],
    ['callback_url', ' https://x.example/ ', 'https://x.example/'],
    ['text', ' Merci ', ' Merci '],
    ['switch', 'true', true],
    ['switch', 'false', false],
    ['days', '30, 90', [30, 90]],
    ['days', '30 90 180', [30, 90, 180]],
    ['days', '90, 30', '90, 30'],
    ['follow_up_channel', 'email_first', 'email_first'],
    ['percent', ' 7,5 ', '7,5'],
    ['optional_money', '25,00', 2500],
    ['optional_money', '', null],
  ] as const)('%s: %j is sent as %j', (kind, text, value) => {
    expect(fromInput(kind, text)).toEqual(value);
  });

  it('shows cents as dollars', () => {
    expect(toInput('money', 14_550)).toBe('145.50');
    expect(toInput('money', 14_550, ',')).toBe('145,50');
    expect(fromInput('money', toInput('money', 14_550, ','))).toBe(14_550);
    expect(toInput('callback_url', null)).toBe('');
    expect(toInput('days', [30, 90])).toBe('30, 90');
    expect(toInput('switch', true)).toBe('true');
    expect(toInput('switch', false)).toBe('false');
    expect(toInput('percent', '7.5', ',')).toBe('7,5');
    expect(toInput('optional_money', null)).toBe('');
    expect(toInput('optional_money', 2500, ',')).toBe('25,00');
  });

  it.each([
    ['money', '125,50', undefined],
    ['money', '0', undefined],
    ['money', '-5', 'settings:errors.amount_negative'],
    ['money', 'douze', 'settings:errors.amount'],
    ['money', ' ', 'settings:errors.amount'],
    ['optional_money', ' ', undefined],
    ['optional_money', '-1', 'settings:errors.amount_negative'],
    ['callback_url', 'http://127.0.0.1/', undefined],
    ['tax_group', '', undefined],
    ['days', '30, 90', undefined],
    ['days', '90, 30', 'settings:errors.follow_up_days'],
    ['days', 'trente', 'settings:errors.follow_up_days'],
  ] as const)('%s: %j is refused before sending with %j', (kind, text, problem) => {
    expect(inputProblem(kind, text)).toBe(problem);
  });
});
