import { describe, expect, it } from 'vitest';
import { fileApp } from '../helpers.ts';
import { E, act, itemsOf } from './helpers.ts';

// The demo's estimate: drafted from the completed inspection of the Kona, priced with Québec's
// taxes, complete: the manager continues with the approval.

const t = fileApp({}, { demo: true });

describe('the demo estimate', () => {
  it('is complete, priced with GST and QST, and the manager can approve it', async () => {
    const token = await t.login('manager@atelier.test');
    const list = await t.api('GET', `${E}?filter[state]=completed&include=items,inspection,vehicle`, { token });
    expect(list.body.meta.page.total).toBe(1);
    const estimate = list.body.data[0];
    expect(estimate.relationships.inspection.data).not.toBeNull();
    const items = itemsOf(list.body);
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items[0].attributes.detail).toContain('—');
    // Each finding priced with its own part: the worn tire with tires, the pads with pads, the chip without one.
    const partOf = (words: RegExp) => items.find((i: any) => words.test(i.attributes.detail))?.attributes.part;
    expect(partOf(/Pneu/)).toMatch(/^Pneu /);
    expect(partOf(/Plaquettes/)).toMatch(/^Plaquettes /);
    expect(partOf(/Éclat/)).toBeNull();
    expect(estimate.attributes.tax_details.map((t: { code: string }) => t.code)).toEqual(['TPS', 'TVQ']);
    expect(estimate.attributes.total).toBe(items.reduce((s: number, i: any) => s + i.attributes.total, 0));
    expect(estimate.attributes.total).toBeGreaterThan(estimate.attributes.subtotal);
    expect(estimate.attributes.available_actions).toEqual(expect.arrayContaining(['start_approve', 'send_client_approve', 'valid']));
    const started = await act(t, estimate.id, 'start-approve', { token });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
  });
});
