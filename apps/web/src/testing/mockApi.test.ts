import { describe, expect, it } from 'vitest';
import { contractDrift } from './mockApi.tsx';

// The mocked API checks each answer of a test against the server's contract (its OpenAPI document):
// a fixture may leave out what its screen does not read, never give what the API does not.

const call = (url: string, method = 'GET') => ({ method, url, body: null });
const repair = (attributes: Record<string, unknown>, type = 'repairs') => ({ body: { data: { type, id: 'r1', attributes } } });

describe('the fixtures of the mocked API', () => {
  it('may be partial: an attribute or two, no links', () => {
    expect(contractDrift(call('/repairs/r1?include=items'), repair({ code: 'R-2026-000007', state: 'in_progress', total: 34490 }))).toEqual([]);
    expect(contractDrift(call('/repairs'), { body: { data: [], meta: { page: { total: 0 } } } })).toEqual([]);
  });

  it('drift when they give what the API does not: an unknown attribute, a value of another type or out of its enumeration, another type', () => {
    for (const reply of [repair({ detal: 'Alignement' }), repair({ total: '344,90' }), repair({ state: 'on_hold' }), repair({ code: 'R-1' }, 'repair')])
      expect(contractDrift(call('/repairs/r1'), reply)[0], JSON.stringify(reply.body)).toMatch(/^Contract: GET \/api\/v1\/repairs\/r1 → 200: the body does not match/);
  });

  it('drift on a path, a status or a content type the API does not have', () => {
    expect(contractDrift(call('/repairs/r1/explode', 'POST'), repair({}))[0]).toMatch(/no path of the OpenAPI document matches POST/);
    expect(contractDrift(call('/repairs/r1', 'DELETE'), { status: 201 })[0]).toMatch(/status 201 is not declared/);
    expect(contractDrift(call('/repairs/r1/report'), repair({}))[0]).toMatch(/the document declares application\/pdf/);
    expect(contractDrift(call('/repairs/r1/report'), { type: 'application/pdf', body: '%PDF-' })).toEqual([]);
  });
});
