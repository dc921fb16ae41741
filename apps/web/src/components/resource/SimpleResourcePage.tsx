import type { ReactNode } from 'react';
import { crudPermissions, type PermissionSubject, type RecordOf, type TypeName } from '@atelier/domain';
import type { Model } from '../../api/jsonapi.ts';
import { columnsOf, fieldsOf, filtersOf, type ColumnEntry, type FieldEntry } from './declared.tsx';
import { RecordForm, type RecordFormProps } from './RecordForm.tsx';
import { recordFormProps, ResourceList, type BulkAction, type FilterDef } from './ResourceList.tsx';

/** A list + drawer form screen of a declared type: what most resource screens are. */
export type SimpleResourceConfig<T extends TypeName> = {
  type: T;
  /** i18n keys of the titles, when not the type's own (`title`, `record`, `new`). */
  title?: string;
  recordTitle?: string;
  newTitle?: string;
  columns: ColumnEntry<T>[];
  fields: FieldEntry<T>[];
  listInclude?: string;
  defaultSort?: string;
  include?: string;
  filters?: Parameters<typeof filtersOf<T>>[1];
  defaults?: Record<string, unknown>;
  titleOf?: (m: RecordOf<T>) => string;
  children?: (record: RecordOf<T>) => ReactNode;
  /** Beside the list's add button (e.g. the reseller's templates to adopt). */
  headerExtra?: ReactNode;
  /** Actions on the rows the user selects in the list. */
  bulkActions?: BulkAction<RecordOf<T> & Model>[];
} & Pick<RecordFormProps<RecordOf<T> & Model>, 'lead' | 'actions'> & (T extends PermissionSubject
  ? { subject?: PermissionSubject }
  : {
      /** The permission subject, which the type is not ('vehicle estimation domains'). */
      subject: PermissionSubject;
    });

export function SimpleResourcePage<T extends TypeName>(c: SimpleResourceConfig<T>) {
  // The config names a subject whenever the type is not one.
  const P = crudPermissions(c.subject ?? (c.type as PermissionSubject));
  const filters: FilterDef[] | undefined = c.filters && filtersOf(c.type, c.filters);
  return (
    // Model: what the list needs of any row, which a record of a type chosen by the caller is.
    <ResourceList<RecordOf<T> & Model>
      type={c.type}
      title={c.title}
      columns={columnsOf(c.type, c.columns)}
      include={c.listInclude}
      defaultSort={c.defaultSort}
      filters={filters}
      permissions={{ create: P.create, view: P.view }}
      bulkActions={c.bulkActions}
      headerExtra={c.headerExtra}
      renderRecord={({ id, action, setAction, close }) => (
        <RecordForm<RecordOf<T> & Model>
          type={c.type}
          {...recordFormProps({ id, action, setAction, close })}
          fields={fieldsOf(c.type, c.fields)}
          include={c.include}
          title={action === 'add' ? c.newTitle : c.recordTitle}
          titleOf={c.titleOf}
          permissions={{ edit: P.edit, delete: P.delete }}
          defaults={c.defaults}
          lead={c.lead}
          actions={c.actions}
        >
          {c.children}
        </RecordForm>
      )}
    />
  );
}
