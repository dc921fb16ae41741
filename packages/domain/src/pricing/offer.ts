import { ACCIDENT_FACTOR, REBUILT_FACTOR } from './market.ts';
import type { Condition } from './types.ts';

// The appraiser's offer (issue 13): market retail × (1 − aggression) − desired profit − damage cost
// − the inspection's reconditioning (issue 27, one step per line), never below zero, with every
// step written out so it can be explained to the customer.

export const OFFER_STEPS = ['market_retail', 'accident', 'rebuilt', 'aggression', 'desired_profit', 'damage_cost', 'reconditioning', 'offer'] as const;
export type OfferStepCode = (typeof OFFER_STEPS)[number];

export interface OfferStep {
  code: OfferStepCode;
  /** What the step adds (negative: takes off), whole dollars; the first and last steps carry the total. */
  amount: number;
  /** The running value after the step. */
  total: number;
  /** The rate applied, in percent, for the steps that apply one. */
  percent?: number;
  /** What a reconditioning step is (an estimate's item, a canned job). */
  label?: string;
}

export interface OfferInput {
  /** The retail value of the vehicle in its condition, whole dollars. */
  retail: number;
  condition: Condition;
  accident: boolean;
  rebuilt: boolean;
  aggressionPercent: number;
  desiredProfit: number;
  damageCost: number;
  /** The reconditioning of an inspected vehicle, line by line, whole dollars (reconditioningDollars). */
  reconditioning?: readonly { label: string; amount: number }[];
}

export interface Offer {
  /** The retail after the accident and rebuilt adjustments: what the vehicle sells for. */
  marketRetail: number;
  offer: number;
  steps: OfferStep[];
}

export function computeOffer(input: OfferInput): Offer {
  const steps: OfferStep[] = [{ code: 'market_retail', amount: input.retail, total: input.retail }];
  let total = input.retail;
  const take = (code: OfferStepCode, amount: number, percent?: number, label?: string) => {
    total += amount;
    steps.push({ code, amount, total, ...(percent === undefined ? {} : { percent }), ...(label === undefined ? {} : { label }) });
  };
  const share = (code: OfferStepCode, factor: number) => take(code, Math.round(total * factor) - total, Math.round((1 - factor) * 1000) / 10);
  if (input.accident) share('accident', ACCIDENT_FACTOR);
  if (input.rebuilt) share('rebuilt', REBUILT_FACTOR);
  const marketRetail = total;
  if (input.aggressionPercent > 0) share('aggression', 1 - input.aggressionPercent / 100);
  if (input.desiredProfit > 0) take('desired_profit', -input.desiredProfit);
  if (input.damageCost > 0) take('damage_cost', -input.damageCost);
  for (const line of input.reconditioning ?? []) if (line.amount !== 0) take('reconditioning', -line.amount, undefined, line.label);
  const offer = Math.max(0, total);
  steps.push({ code: 'offer', amount: offer, total: offer });
  return { marketRetail, offer, steps };
}
