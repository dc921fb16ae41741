import type { ReactNode } from 'react';
import { crudPermissions } from '@atelier/domain';
import type { Model } from '../../api/jsonapi.ts';
import { RecordForm, type FieldDef } from '../../components/resource/RecordForm.tsx';
import { type Column, type FilterDef, recordFormProps, ResourceList } from '../../components/resource/ResourceList.tsx';

/** A list + drawer form screen from declarations: what most resource screens are. */
export interface SimpleResourceConfig<T extends Model> {
  type: string;
  /** Permission subject ('users', 'purchases orders'). */
  subject: string;
  title: string;
  recordTitle: string;
  newTitle: string;
  columns: Column<T>[];
  fields: FieldDef[];
  listInclude?: string;
  include?: string;
  filters?: FilterDef[];
  defaults?: Record<string, unknown>;
  titleOf?: (m: Model) => string;
  children?: (record: Model) => ReactNode;
}

export function SimpleResourcePage<T extends Model>(c: SimpleResourceConfig<T>) {
  const P = crudPermissions(c.subject);
  return (
    <ResourceList<T>
      type={c.type}
      title={c.title}
      columns={c.columns}
      include={c.listInclude}
      filters={c.filters}
      permissions={{ create: P.create, view: P.view }}
      renderRecord={({ id, action, setAction, close }) => (
        <RecordForm
          type={c.type}
          {...recordFormProps({ id, action, setAction, close })}
          fields={c.fields}
          include={c.include}
          title={action === 'add' ? c.newTitle : c.recordTitle}
          titleOf={c.titleOf}
          permissions={{ edit: P.edit, delete: P.delete }}
          defaults={c.defaults}
        >
          {c.children}
        </RecordForm>
      )}
    />
  );
}
