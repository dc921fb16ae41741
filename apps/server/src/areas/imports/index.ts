// Imports: files of vehicles, customers... checked by a dry run, then written in the background.
import './imports.resource.ts';
import './models.ts';
import './routes.ts';
