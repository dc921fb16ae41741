// Files: uploads to record fields (POST /uploads/{resource}/{id}/{field}) and serving them back;
// the file explorer's folders and files, with their access rules and former versions (issue 24).
import { defineArea } from '../area.ts';
import { seedDemoFiles } from './demo.ts';
import { fileVersionsResource } from './file-versions.resource.ts';
import { filesResource } from './files.resource.ts';
import { foldersResource } from './folders.resource.ts';
import { uploadRoutes, uploadsNamed } from './uploads.ts';

// The engine checks the upload addresses a document names by uploadsNamed.
export const filesArea = defineArea({
  name: 'files',
  resources: [foldersResource, filesResource, fileVersionsResource],
  routes: [uploadRoutes],
  hooks: { uploads: uploadsNamed },
  demo: seedDemoFiles,
});
