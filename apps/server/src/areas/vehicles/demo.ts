import type { Db } from '../../db/client.ts';
import { locations, organizations } from '../admin/admin.table.ts';
import { vehicles } from './vehicles.table.ts';

type NewVehicle = typeof vehicles.$inferInsert;

/** Demo vehicles: real VINs, in both organizations, in one location, another, or all of them. */
export async function seedDemoVehicles(db: Db) {
  const orgs = await db.select({ id: organizations.id, name: organizations.name }).from(organizations);
  const org = (name: string) => orgs.find((o) => o.name === name)!.id;
  const locs = await db.select({ id: locations.id, name: locations.name }).from(locations);
  const loc = (name: string) => [locs.find((l) => l.name === name)!.id];
  const garage = org('Garage Démo');
  const riviere = org('Autos Rivière');
  const rows: NewVehicle[] = [
    {
      organization_id: garage,
      vin: '1HGCM82633A004352',
      make: 'Honda',
      model: 'Accord',
      series: 'EX-V6',
      model_year: 2003,
      style: 'Coupe',
      engine_description: '6 cyl., J30A4',
      fuel_type: 'gas',
      transmission: 'automatic',
      drivetrain: 'FWD',
      sku: 'GD-1001',
      registration_number: 'ABC 123',
      odometer: 212_400,
      color: 'Argent',
      location_ids: loc('Garage Démo Montréal'),
    },
    {
      organization_id: garage,
      vin: 'KM8K2CAB4PU001140',
      make: 'Hyundai',
      model: 'Kona',
      series: 'SE',
      model_year: 2023,
      style: 'SUV',
      engine_description: '2.0 L, 4 cyl., MPI Nu PE',
      fuel_type: 'gas',
      transmission: 'automatic',
      drivetrain: 'FWD',
      sku: 'GD-1002',
      odometer: 18_500,
      color: 'Bleu',
      location_ids: loc('Garage Démo Laval'),
    },
    {
      organization_id: garage,
      vin: '5YJ3E1EA2KF317000',
      make: 'Tesla',
      model: 'Model 3',
      model_year: 2019,
      style: 'Sedan',
      fuel_type: 'electric',
      transmission: 'automatic',
      drivetrain: 'RWD',
      sku: 'GD-1003',
      odometer: 41_000,
      odometer_unit: 'miles',
      color: 'Blanc',
    },
    {
      organization_id: riviere,
      vin: 'JH4KA7561PC008269',
      make: 'Acura',
      model: 'Legend',
      series: 'GS',
      model_year: 1993,
      style: 'Sedan',
      engine_description: '6 cyl., C32A1',
      fuel_type: 'gas',
      transmission: 'manual',
      drivetrain: 'FWD',
      sku: 'AR-501',
      odometer: 298_000,
      color: 'Noir',
    },
  ];
  await db.insert(vehicles).values(rows);
}
