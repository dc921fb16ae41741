// Files: uploads to record fields (POST /uploads/{resource}/{id}/{field}) and serving them back.
import { defineArea } from '../area.ts';
import { uploadRoutes, uploadsNamed } from './uploads.ts';

// The engine checks the upload addresses a document names by uploadsNamed.
export const filesArea = defineArea({ name: 'files', resources: [], routes: [uploadRoutes], hooks: { uploads: uploadsNamed } });
