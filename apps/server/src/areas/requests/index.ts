// Service requests: inspections, evaluations and repairs asked for a vehicle.
import './requests.resource.ts';
