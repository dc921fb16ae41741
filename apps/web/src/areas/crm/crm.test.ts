import { describe, expect, it } from 'vitest';
import { documentOf } from '../../components/resource/formModel.ts';
import { customerFields } from './CustomersPage.tsx';
import { transform } from './ContactsPage.tsx';
import { phonesText } from './PhonesInput.tsx';

describe('contact form document', () => {
  const rel = (type: string, value: string | null) => ({ type, value });
  it('saves the relationship of the chosen contactable and never sends contactable_type', () => {
    const doc = {
      attributes: { firstname: 'Luc', contactable_type: 'suppliers' } as Record<string, unknown>,
      relationships: { customer: rel('customers', 'c1'), supplier: rel('suppliers', 's1') },
    };
    transform(doc);
    expect(doc.attributes).toEqual({ firstname: 'Luc' });
    expect(doc.relationships).toEqual({ supplier: rel('suppliers', 's1') });
  });
  it('unlinks both when "none" is chosen', () => {
    const doc = { attributes: { contactable_type: null } as Record<string, unknown>, relationships: {} };
    transform(doc);
    expect(doc.relationships).toEqual({ customer: rel('customers', null), supplier: rel('suppliers', null) });
  });
  it('leaves the relationships alone when the choice did not change', () => {
    const doc = { attributes: { lastname: 'Roy' } as Record<string, unknown>, relationships: {} };
    transform(doc);
    expect(doc).toEqual({ attributes: { lastname: 'Roy' }, relationships: {} });
  });
});

describe('customer form document', () => {
  it('does not send the fields hidden by the type or the billing flag', () => {
    const values = Object.fromEntries(customerFields().map((f) => [f.name, f.kind === 'relation' ? [] : '']));
    Object.assign(values, { type: 'company', company_name: 'Boréal', firstname: 'Stale', billing_same_as_customer: true, billing_name: 'Old' });
    const { attributes } = documentOf(customerFields(), values, 'add');
    expect(attributes).toMatchObject({ type: 'company', company_name: 'Boréal', billing_same_as_customer: true });
    expect(attributes).not.toHaveProperty('firstname');
    expect(attributes).not.toHaveProperty('billing_name');
    expect(attributes).toHaveProperty('delivery_address', null);
  });
});

describe('phones as text', () => {
  it('reads number, extension and type', () => {
    expect(phonesText([{ number: '514 555-0600', type: 'BUSINESS', extension: '221' }, { number: '514 555-0142', type: 'MOBILE' }], 'poste')).toBe(
      '514 555-0600 poste 221 (Travail), 514 555-0142 (Cellulaire)',
    );
    expect(phonesText(null, 'ext.')).toBe('');
  });
});
