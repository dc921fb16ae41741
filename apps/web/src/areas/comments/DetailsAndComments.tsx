import { Paper } from '@mantine/core';
import type { Permission } from '@atelier/domain';
import type { Model } from '../../api/jsonapi.ts';
import type { FieldDef } from '../../components/resource/formModel.ts';
import { RecordDetails } from '../../components/resource/RecordDetails.tsx';
import { CommentThread } from './CommentThread.tsx';

/** The last panels of a work document's page (an estimate, a work order): its details, editable with the permission, then its comments. */
export function DetailsAndComments<R extends Model>({ type, id, fields, editPermission, testId }: { type: 'estimations' | 'repairs'; id: string; fields: FieldDef<R>[]; editPermission: Permission; testId: string }) {
  return (
    <>
      <Paper withBorder p="md" radius="md" data-testid={testId}>
        <RecordDetails type={type} id={id} fields={fields} title={`${type}:page.details`} editPermission={editPermission} />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <CommentThread objectType={type} objectId={id} />
      </Paper>
    </>
  );
}
