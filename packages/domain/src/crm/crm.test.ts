import { describe, expect, it } from 'vitest';
import { customerName, isPhone, nameKey, personName } from './crm.ts';

describe('customer_name', () => {
  it.each([
    [{ type: 'company', company_name: 'Transport Lévis inc.', firstname: 'Luc', lastname: 'Roy' }, 'Transport Lévis inc.'],
    [{ type: 'individual', company_name: 'Transport Lévis inc.', firstname: 'Luc', lastname: 'Roy' }, 'Luc Roy'],
    [{ type: 'individual', firstname: '  Luc ', lastname: null }, 'Luc'],
    [{ type: 'individual', firstname: null, lastname: 'Roy' }, 'Roy'],
    [{ type: 'individual', company_name: 'Roy et fils' }, 'Roy et fils'],
    [{ type: 'company', company_name: '', firstname: 'Luc', lastname: 'Roy' }, 'Luc Roy'],
    [{ type: 'company', company_name: '  Garage   Côté ' }, 'Garage Côté'],
    [{}, ''],
  ])('%o → %s', (input, expected) => {
    expect(customerName(input)).toBe(expected);
  });
});

describe('names of people', () => {
  it('joins first and last name', () => {
    expect(personName({ firstname: 'Éric', lastname: 'Tremblay' })).toBe('Éric Tremblay');
    expect(personName({ firstname: '', lastname: 'Tremblay' })).toBe('Tremblay');
  });
  it('compares names without case, accents or extra spaces', () => {
    expect(nameKey('  Éric   TREMBLAY ')).toBe(nameKey('eric tremblay'));
    expect(nameKey('Hélène')).toBe('helene');
    expect(nameKey('Eric')).not.toBe(nameKey('Erica'));
    expect(nameKey(null)).toBe('');
  });
});

describe('isPhone', () => {
  it.each(['514 555-0142', '+1 (514) 555-0142', '514.555.0142', '5145550142', '555-0142'])('takes %s', (v) => expect(isPhone(v)).toBe(true));
  it.each(['abc', '514 555-ABCD', '(((((((', '- - - - - -', '.......', '123', '+1 514 555 0142 0000 0000'])('refuses %s', (v) => expect(isPhone(v)).toBe(false));
});
