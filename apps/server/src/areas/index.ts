// Every business area, one import each: importing an area declares its resources.
import './admin/index.ts';
import './files/index.ts';
import './notifications/index.ts';
import './vehicles/index.ts';
import './requests/index.ts';
import './purchases/index.ts';
import './crm/index.ts';
import './imports/index.ts';
