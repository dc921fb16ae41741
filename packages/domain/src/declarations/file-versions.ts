import { attr, declare, doneBy, rel, serverWritten } from '../declare/declare.ts';

/**
 * A former content of a file (spec platform §3 File `history`): kept when its content was
 * replaced, with who replaced it and when; read only, seen by whoever sees the file.
 */
export const fileVersions = declare('file-versions', {
  attributes: serverWritten({
    name: attr.string(),
    size: attr.integer(),
    mime: attr.string(),
    /** The address of that content (GET). */
    attachment: attr.string(),
    /** When it was replaced. */
    replaced_at: attr.datetime(),
  }),
  relationships: {
    file: rel.toOne('files', { readOnly: true }),
    replacedBy: doneBy(),
  },
  filters: ['file'],
  sorts: ['replaced_at'],
  defaultSort: '-replaced_at',
});
