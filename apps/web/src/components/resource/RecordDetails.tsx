import { useState } from 'react';
import type { Permission } from '@atelier/domain';
import type { Model } from '../../api/jsonapi.ts';
import type { FieldDef, FormMode } from './formModel.ts';
import { RecordForm } from './RecordForm.tsx';

/**
 * A record's own fields on its screen (an estimate's department, stock, estimators ...): read, and
 * edited in place with the edit permission, by the same form as every record. editPermission null:
 * not editable now (an inspection once completed).
 */
export function RecordDetails<R extends Model>({ type, id, fields, title, editPermission }: { type: string; id: string; fields: FieldDef<R>[]; title: string; editPermission: Permission | null }) {
  const [mode, setMode] = useState<FormMode>('view');
  return (
    <RecordForm<R>
      type={type}
      id={id}
      mode={mode}
      fields={fields}
      include={fields.filter((f) => f.kind === 'relation').map((f) => f.name).join(',') || undefined}
      title={title}
      permissions={{ edit: editPermission }}
      onMode={(m) => setMode(m === 'edit' ? 'edit' : 'view')}
    />
  );
}
