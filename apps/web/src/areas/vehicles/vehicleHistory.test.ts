import { describe, expect, it } from 'vitest';
import { vehicleHistory } from './vehicleHistory.ts';

describe('a vehicle’s history', () => {
  it('inspections with their score, estimates and repairs with their total, newest first, each with its screen', () => {
    const h = vehicleHistory({
      inspections: [{ id: 'i1', type: 'inspections', code: 'I-1', state: 'completed', created_at: '2026-10-01T09:00:00Z', vehicle_score: 82 }],
      estimations: [{ id: 'e1', type: 'estimations', code: 'E-1', state: 'approved', created_at: '2026-10-02T09:00:00Z', total: 34490 }],
      repairs: [
        { id: 'r1', type: 'repairs', code: 'R-1', state: 'completed', created_at: '2026-10-02T09:00:00Z', total: 0 },
        { id: 'r0', type: 'repairs', code: 'R-0', state: 'canceled', created_at: '2025-01-01T09:00:00Z', total: null },
      ],
    });
    expect(h.map((e) => [e.kind, e.code])).toEqual([
      ['repairs', 'R-1'],
      ['estimations', 'E-1'],
      ['inspections', 'I-1'],
      ['repairs', 'R-0'],
    ]);
    expect(h[2]).toMatchObject({ href: '/inspecpro/inspections/i1', score: 82, total: null });
    expect(h[1]).toMatchObject({ href: '/inspecpro/estimates/e1', score: null, total: 34490 });
    expect(h[0]).toMatchObject({ href: '/inspecpro/repairs/r1', total: 0 });
    expect(h[3].total).toBeNull();
  });

  it('a kind the user may not see is simply absent', () => {
    expect(vehicleHistory({ estimations: [{ id: 'e', type: 'estimations', code: 'E', state: 'draft', created_at: '2026-01-01T00:00:00Z' }] })).toHaveLength(1);
    expect(vehicleHistory({})).toEqual([]);
  });
});
