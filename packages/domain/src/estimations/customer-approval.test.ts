import { describe, expect, it } from 'vitest';
import { customerAnswerProblems, decidedTotals, itemsForCustomer, parseCustomerAnswer } from './customer-approval.ts';

const items = [
  { id: 'a', state: 'approved' as const, quantity: 1, unit_price: 10000, time: 1, hourly_rate: 12000, taxes: [{ code: 'TPS', rate: '5', type: 'percentage' as const }] },
  { id: 'b', state: null, quantity: 2, unit_price: 2500, time: 0, hourly_rate: 0, taxes: [] },
  { id: 'c', state: 'denied' as const, quantity: 1, unit_price: 99900, time: 0, hourly_rate: 0, taxes: [] },
];
const answer = (over: Record<string, unknown> = {}) => ({
  data: { attributes: { version: 3, signer_name: 'Marie Gagnon', signature: 'data:image/png;base64,iVBORw0KGgo=', decisions: [{ item: 'a', decision: 'approved' }, { item: 'b', decision: 'declined' }], ...over } },
});

describe('customer approval', () => {
  it('asks the customer about every item the dealership did not deny', () => {
    expect(itemsForCustomer(items).map((i) => i.id)).toEqual(['a', 'b']);
  });

  it('reads a whole answer', () => {
    const parsed = parseCustomerAnswer(answer(), ['a', 'b']);
    expect(parsed).toEqual({
      ok: true,
      answer: { version: 3, signer_name: 'Marie Gagnon', signature: 'data:image/png;base64,iVBORw0KGgo=', decisions: new Map([['a', 'approved'], ['b', 'declined']]) },
    });
  });

  it('names every problem at once, with its pointer', () => {
    const parsed = parseCustomerAnswer(answer({ signer_name: '  ', signature: '', decisions: [{ item: 'a', decision: 'maybe' }, { item: 'zz', decision: 'approved' }] }), ['a', 'b']);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual([
      { pointer: '/data/attributes/signer_name', code: 'approval.signer_required' },
      { pointer: '/data/attributes/signature', code: 'approval.signature_required' },
      { pointer: '/data/attributes/decisions/0/decision', code: 'approval.decision_invalid' },
      { pointer: '/data/attributes/decisions/1/item', code: 'approval.item_unknown' },
      { pointer: '/data/attributes/decisions', code: 'approval.decision_missing', params: { count: 2 } },
    ]);
  });

  it('takes as signature only the bytes of a PNG, whatever the label says', () => {
    const jpeg = `data:image/png;base64,${btoa('\xff\xd8\xff\xe0\x00\x10JFIF')}`;
    for (const signature of ['data:image/png;base64,AAAA', jpeg, `data:image/png;base64,${btoa('<svg onload=alert(1)>')}`, 'data:image/png;base64,iVBORw0KGg==', 'data:image/png;base64,iVBORw'])
      expect(customerAnswerProblems(answer({ signature }), ['a', 'b']), signature).toEqual([{ pointer: '/data/attributes/signature', code: 'approval.signature_required' }]);
    expect(customerAnswerProblems(answer({ signature: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ' }), ['a', 'b'])).toEqual([]);
  });

  it('refuses what is not an answer without throwing', () => {
    for (const body of [null, 3, 'x', [], { data: [] }, { data: { attributes: { decisions: 'x', version: 'x' } } }, { data: { attributes: { decisions: [null, 4, { item: {} }] } } }]) {
      const parsed = parseCustomerAnswer(body, ['a']);
      expect(parsed.ok).toBe(false);
    }
    expect(customerAnswerProblems({ data: { attributes: { version: -1 } } }, ['a'])).toContainEqual({ pointer: '/data/attributes/version', code: 'approval.version_required' });
  });

  it('takes the typed name as the signature on the shared report: no image asked, none kept, the name still required', () => {
    const typed = parseCustomerAnswer(answer({ signature: undefined }), ['a', 'b'], 'typed');
    expect(typed.ok && typed.answer.signature).toBe('');
    // Whatever came as a signature is not read.
    const sent = parseCustomerAnswer(answer({ signature: '<svg onload=alert(1)>' }), ['a', 'b'], 'typed');
    expect(sent.ok && sent.answer.signature).toBe('');
    expect(customerAnswerProblems(answer({ signer_name: ' ', signature: 'x' }), ['a', 'b'], 'typed')).toEqual([{ pointer: '/data/attributes/signer_name', code: 'approval.signer_required' }]);
    // The approval page's pad stays required.
    expect(customerAnswerProblems(answer({ signature: undefined }), ['a', 'b'])).toEqual([{ pointer: '/data/attributes/signature', code: 'approval.signature_required' }]);
  });

  it('does not take the same item twice', () => {
    const parsed = parseCustomerAnswer(answer({ decisions: [{ item: 'a', decision: 'approved' }, { item: 'a', decision: 'declined' }, { item: 'b', decision: 'declined' }] }), ['a', 'b']);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems).toEqual([{ pointer: '/data/attributes/decisions/1/item', code: 'approval.item_twice' }]);
  });

  it('totals what the customer accepted, taxes included, to the cent', () => {
    const totals = decidedTotals(items, new Map([['a', 'approved'], ['b', 'declined']]));
    // a: 100.00 + 120.00 labour = 220.00, GST 5 % = 11.00
    expect(totals.accepted).toMatchObject({ subtotal: 22000, tax: 1100, total: 23100 });
    expect(totals.declined).toMatchObject({ subtotal: 5000, tax: 0, total: 5000 });
  });
});
