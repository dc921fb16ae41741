import { saleComparison, type RecordOf } from '@atelier/domain';
import { EMPTY, type FormValues } from './EstimateForm.tsx';

// What the appraisal screens compute from an appraisal (issue 27): the form that runs it again,
// and the sale it is compared with.

export type Appraisal = RecordOf<'appraisals'>;
type Sale = Pick<RecordOf<'vehicle-sales'>, 'vin' | 'price' | 'sold_on' | 'kind'>;

export const appraisalHref = (id: string) => `/vehicles/appraisals/${id}`;
/** The estimate screen, prefilled with the appraisal's inputs (VehicleEstimatePage reads ?appraisal=). */
export const reopenHref = (id: string) => `/vehicles/vehicle-estimate?appraisal=${encodeURIComponent(id)}`;
/** The estimate screen, prefilled with a vehicle of the organization (?vehicle=): its appraisal will be that vehicle's. */
export const appraiseHref = (vehicleId: string) => `/vehicles/vehicle-estimate?vehicle=${encodeURIComponent(vehicleId)}`;

const text = (v: string | null | undefined) => v ?? '';

/** The estimate form with the appraisal's inputs: the same vehicle, kilometres, condition and margin. */
export function formOfAppraisal(a: Appraisal): FormValues {
  return {
    ...EMPTY,
    vin: text(a.vin),
    year: a.year === null ? '' : String(a.year),
    make: text(a.make),
    model: text(a.model),
    series: text(a.series),
    style: text(a.style),
    mileage: a.mileage,
    unit: 'kilometers',
    province: a.province,
    status: a.condition,
    accident: a.accident,
    rebuilt: a.rebuilt,
    damage_cost: a.damage_cost,
    desired_profit: a.desired_profit,
    aggression_percentage: Number(a.aggression_percentage),
  };
}

/** The estimate form of a vehicle chosen: its VIN (which the server matches), its year, make, model and odometer. */
export function formOfVehicle(v: Pick<RecordOf<'vehicles'>, 'vin' | 'model_year' | 'make' | 'model' | 'series' | 'odometer' | 'odometer_unit'>): FormValues {
  return {
    ...EMPTY,
    vin: v.vin,
    year: v.model_year === null ? '' : String(v.model_year),
    make: text(v.make),
    model: text(v.model),
    series: text(v.series),
    mileage: v.odometer ?? '',
    unit: v.odometer_unit === 'miles' ? 'miles' : 'kilometers',
  };
}

/**
 * The sale the appraisal compares with: the latest sale (not a listing) of the same VIN, the
 * difference between what it sold for and what was offered. None without a VIN or a sale.
 */
export function comparedSale(a: Pick<Appraisal, 'vin' | 'offer'>, sales: readonly Sale[]) {
  const vin = a.vin?.toUpperCase();
  if (!vin) return null;
  const sold = sales.filter((s) => s.kind === 'sale' && s.vin?.toUpperCase() === vin).sort((x, y) => y.sold_on.localeCompare(x.sold_on))[0];
  return sold ? { soldOn: sold.sold_on, ...saleComparison(a.offer, sold.price) } : null;
}
