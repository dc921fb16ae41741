// Files: uploads to record fields (POST /uploads/{resource}/{id}/{field}) and serving them back.
import './uploads.ts';
