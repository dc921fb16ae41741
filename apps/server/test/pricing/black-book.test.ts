import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drilldownNames, valuationOf, type CbbUsedVehicle } from '../../src/areas/pricing/black-book.ts';
import { insertSales } from '../../src/areas/pricing/demo.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { makeVehicle, makeWorld, type World } from '../factories.ts';

// Canadian Black Book behind the provider interface, against answers written from its documented
// shape (fixtures/), served by a local server standing in for CBB's: what is asked (path, basic
// authentication, country C, kilometres, province) and how the answer is read.

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const VIN_ANSWER = fixture('cbb-used-vehicle-vin.json');
const UVC_ANSWER = fixture('cbb-used-vehicle-uvc.json');
const DRILLDOWN = fixture('cbb-drilldown.json');

describe('reading Black Book answers', () => {
  it('maps extra clean, clean, average and rough to excellent, good, average and poor (adjusted values)', () => {
    const v = valuationOf(UVC_ANSWER.used_vehicles.used_vehicle_list[0] as CbbUsedVehicle, 'average');
    expect(v.vehicle).toEqual({ year: 2021, make: 'Toyota', model: 'RAV4', series: 'XLE', style: '4D Utility AWD', code: '2021500102' });
    expect(v.values.excellent.retail).toBe(35_100 - 1250);
    expect(v.values.good).toEqual({ wholesale: 27_625 - 1250, retail: 32_500 - 1250 });
    expect(v.values.average.retail).toBe(29_250 - 1250);
    expect(v.values.poor.retail).toBe(25_350 - 1250);
    expect(v).toMatchObject({ msrp: 36_990, warrantyBasic: '3 ans/60 000 km', warrantyPowertrain: '5 ans/100 000 km', mileageAdjustment: -1250 });
  });

  it('reads each level of the drilldown under the levels before', () => {
    expect(drilldownNames(DRILLDOWN, 'years', {})).toEqual(['2020', '2021']);
    expect(drilldownNames(DRILLDOWN, 'makes', { year: 2021 })).toEqual(['Toyota']);
    expect(drilldownNames(DRILLDOWN, 'series', { year: 2021, make: 'toyota', model: 'RAV4' })).toEqual(['LE', 'XLE']);
    expect(drilldownNames(DRILLDOWN, 'styles', { year: 2021, make: 'Toyota', model: 'RAV4', series: 'XLE' })).toEqual(['4D Utility AWD']);
    expect(drilldownNames({}, 'years', {})).toEqual([]);
  });
});

describe('the Black Book provider in the estimation', () => {
  let cbb: Server;
  let t: TestApp;
  let w: World;
  const asked: URL[] = [];
  let failing = false;

  beforeAll(async () => {
    cbb = createServer((req, res) => {
      const url = new URL(req.url!, 'http://cbb.test');
      asked.push(url);
      if (req.headers.authorization !== `Basic ${Buffer.from('dealer:secret').toString('base64')}`) return void res.writeHead(401).end();
      if (failing) return void res.writeHead(500).end();
      const send = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (url.pathname === '/api/UsedVehicle/VIN/2T3W1RFV8MW123456') return send(VIN_ANSWER);
      const uvc = /^\/api\/UsedVehicle\/UVC\/(\d+)$/.exec(url.pathname)?.[1];
      if (uvc === '2021500102') return send(UVC_ANSWER);
      if (uvc) return send({ used_vehicles: { used_vehicle_list: VIN_ANSWER.used_vehicles.used_vehicle_list.filter((v: CbbUsedVehicle) => v.uvc === uvc) } });
      if (url.pathname === '/api/Drilldown/ALL') return send(DRILLDOWN);
      return send({ used_vehicles: { used_vehicle_list: [] } });
    });
    await new Promise<void>((resolve) => cbb.listen(0, '127.0.0.1', resolve));
    const port = (cbb.address() as AddressInfo).port;
    t = await createTestApp({ CBB_USERNAME: 'dealer', CBB_PASSWORD: 'secret', CBB_URL: `http://127.0.0.1:${port}/api` });
    w = await makeWorld(t);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    cbb.close();
  });

  const estimate = (body: object) => t.api('POST', '/api/v1/estimations/vehicle-price', { token: w.manager.token, body, headers: { 'content-type': 'application/json' } });

  it('values a vehicle by the drilldown’s code, with kilometres, province and country C; the offer reads Black Book without market data', async () => {
    asked.length = 0;
    const res = await estimate({ year: 2021, make: 'Toyota', model: 'RAV4', series: 'XLE', kilometers: 45_000, province: 'ON', status: 'excellent' });
    expect(res.status).toBe(200);
    const a = res.body.data.attributes;
    expect(a.black_book).toMatchObject({ status: 'ok', retail: { excellent: 33_850, good: 31_250, average: 28_000, poor: 24_100 }, msrp: 36_990, mileage_adjustment: -1250 });
    expect(a.msrp).toBe(36_990);
    expect(a.warranty_basic).toBe('3 ans/60 000 km');
    expect(a.ess).toBeNull();
    expect(a.offer).toMatchObject({ basis: 'black_book', market_retail: 33_850, amount: 33_850 });
    const valued = asked.find((u) => u.pathname.endsWith('/UVC/2021500102'))!;
    expect(Object.fromEntries(valued.searchParams)).toEqual({ country: 'C', kilometres: '45000', province: 'ON' });
  });

  it('decodes a VIN into its trims and answers the worst of them', async () => {
    const res = await t.api('GET', '/api/v1/vehicles/get-worst-price-by-vin/2T3W1RFV8MW123456?kilometers=45000&province=QC', { token: w.manager.token });
    expect(res.status).toBe(200);
    expect(res.body.meta.candidates.map((c: { vehicle: { series: string } }) => c.vehicle.series)).toEqual(['LE', 'XLE']);
    expect(res.body.data.attributes.vehicle.series).toBe('LE');
    expect(res.body.data.attributes.offer.amount).toBe(29_000 - 1250); // LE, clean (good), no market data
  });

  it('adds Black Book’s drilldown to the catalogue lists', async () => {
    await makeVehicle(t, w.manager.token, { vin: '1HGCM82633A004352', make: 'Honda', model: 'Accord', model_year: 2003 });
    const makes = await t.api('GET', '/api/v1/estimate-vehicle-years', { token: w.manager.token });
    expect(makes.body.data.map((d: { id: string }) => d.id)).toEqual(['2021', '2020', '2003']);
    const series = await t.api('GET', '/api/v1/estimate-vehicle-series?filter[year]=2021&filter[make]=Toyota&filter[model]=RAV4', { token: w.manager.token });
    expect(series.body.data.map((d: { id: string }) => d.id)).toEqual(['LE', 'XLE']);
    const drill = asked.filter((u) => u.pathname.endsWith('/Drilldown/ALL')).at(-1)!;
    expect(Object.fromEntries(drill.searchParams)).toEqual({ country: 'C', year: '2021', make: 'Toyota', model: 'RAV4' });
  });

  it('says when Black Book does not know the vehicle or does not answer, and falls back to no price', async () => {
    const unknown = await estimate({ year: 2021, make: 'Lada', model: 'Niva', kilometers: 1000, province: 'QC' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].detail).toBe('Aucun prix trouvé pour ce véhicule');
    // With market data, the estimation still answers and says what Black Book did.
    await insertSales(t.database.db, Array.from({ length: 5 }, () => ({ organization_id: w.garage.id, year: 2021, make: 'Lada', model: 'Niva', price: 9_000_00, sold_on: new Date().toISOString().slice(0, 10), kilometers: 1000, province: 'QC' })));
    const market = await estimate({ year: 2021, make: 'Lada', model: 'Niva', kilometers: 1000, province: 'QC' });
    expect(market.body.data.attributes.black_book).toEqual({ status: 'not_found', message: 'Canadian Black Book ne connaît pas ce véhicule' });
    failing = true;
    const down = await t.api('POST', '/api/v1/estimations/vehicle-price', {
      token: w.manager.token,
      body: { year: 2021, make: 'Lada', model: 'Niva', kilometers: 1000, province: 'QC' },
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    });
    failing = false;
    expect(down.status).toBe(200);
    expect(down.body.data.attributes.black_book).toEqual({ status: 'unavailable', message: 'Canadian Black Book is not answering at the moment' });
    expect(down.body.data.attributes.offer.basis).toBe('ess');
  });
});
