// Vehicles: the records every workflow hangs on, and VIN decoding.
import './vehicles.resource.ts';
import './get-by-vin.ts';
