// Files: uploads to record fields (POST /uploads/{resource}/{id}/{field}) and serving them back.
import { defineArea } from '../area.ts';
import { uploadRoutes } from './uploads.ts';

export const filesArea = defineArea({ name: 'files', resources: [], routes: [uploadRoutes] });
