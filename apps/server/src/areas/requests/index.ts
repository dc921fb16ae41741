// Service requests: inspections, evaluations and repairs asked for a vehicle.
import { defineArea } from '../area.ts';
import { seedDemoRequests } from './demo.ts';
import { requestsResource } from './requests.resource.ts';

export const requestsArea = defineArea({ name: 'requests', resources: [requestsResource], demo: seedDemoRequests });
