// Vehicles: the records every workflow hangs on, and VIN decoding.
import { defineArea } from '../area.ts';
import { seedDemoVehicles } from './demo.ts';
import { getByVinRoutes } from './get-by-vin.ts';
import { vehiclesImport } from './vehicles.import.ts';
import { vehiclesResource } from './vehicles.resource.ts';

export const vehiclesArea = defineArea({ name: 'vehicles', resources: [vehiclesResource], routes: [getByVinRoutes], importModels: [vehiclesImport], demo: seedDemoVehicles });
