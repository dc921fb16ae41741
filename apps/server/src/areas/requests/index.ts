// Service requests: inspections, evaluations and repairs asked for a vehicle.
import { REQUEST_STATES } from '@atelier/domain';
import { defineListCount } from '../../access/list-counts.ts';
import { requestsResource } from './requests.resource.ts';

// GET /requests/list/count: the dashboard's counts per state, in one statement.
defineListCount(requestsResource, 'state', REQUEST_STATES);
