import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { crudPermissions, type PermissionSubject, type RecordOf } from '@atelier/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Model } from '../../api/jsonapi.ts';
import { typeText, workflowOf } from '../../app/resources.ts';
import { columnsOf, fieldsOf, filtersOf, type ColumnEntry, type FieldEntry, type FieldName, type RelationshipName } from './declared.tsx';
import { RecordForm } from './RecordForm.tsx';
import { recordFormProps } from './ResourceList.tsx';
import { codeColumn, WorkDocumentList } from './WorkDocumentList.tsx';
import { WorkflowActions } from './WorkflowActions.tsx';
import { WorkflowStateBadge, type WorkType } from './WorkHeader.tsx';

// The screen of a trade document with lines that opens in its list's drawer (orders, deliveries,
// invoices of purchases, sales and resellers): its states as tabs, its columns, its form with its lines,
// editable while its workflow says so, and its actions as the server offers them to the user. Its
// workflow comes from the registry (app/resources.ts); a page gives its type's particulars:
// columns, fields, and the buttons of its own beside the workflow's.

type Row<T extends WorkType> = RecordOf<T> & Model & { code?: string | null; state?: string | null; available_actions?: readonly string[] | null };

/** A document's permission subject is named after its type (`purchases-orders`: `create purchases orders`). */
type SubjectOf<T extends string> = T extends `${infer A}-${infer B}` ? `${A} ${B}` : never;
/** The documents of this screen: a type whose subject is not in the permission catalogue does not compile. */
type DocumentType = { [K in WorkType]: K extends `${'purchases' | 'sales' | 'reseller'}-${string}` ? (SubjectOf<K> extends PermissionSubject ? K : never) : never }[WorkType];

export interface DocumentPageProps<T extends DocumentType> {
  type: T;
  /** The columns after the number and the state. */
  columns: ColumnEntry<T>[];
  listInclude?: string;
  relationFilters: readonly RelationshipName<T>[];
  /** The enumerations the list filters by (an order's statuses). */
  filters?: Parameters<typeof filtersOf<T>>[1];
  /** The fields between the number and state and when it was validated and made. */
  fields: FieldEntry<T>[];
  include: string;
  defaults?: Record<string, unknown>;
  /** New ones are made from this list (not only generated from another document). */
  creates?: boolean;
  /** Buttons of the type's own beside the workflow's (receive an order, pay a bill). */
  more?: (record: Row<T>) => ReactNode;
  /** Under the form (the payments of a bill). */
  children?: (record: Row<T>) => ReactNode;
}

/** The workflow's buttons of one record, as the server offers them, each confirmed and said done in the type's words. */
export function DocumentActions<T extends WorkType>({ type, record }: { type: T; record: Row<T> }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const workflow = workflowOf(type);
  const code = String(record.code ?? '');
  return (
    <WorkflowActions
      type={type}
      record={record}
      actions={record.available_actions ?? []}
      workflow={workflow}
      confirmOf={(a) => t(typeText(type, `confirm.${a}`), { code })}
      doneOf={(a) => t(typeText(type, `done.${a}`), { code })}
      next={record.state ? workflow.next(record.state) : []}
      onDone={() => void qc.invalidateQueries()}
      testId={`${type}-actions`}
    />
  );
}

export function DocumentPage<T extends DocumentType>(p: DocumentPageProps<T>) {
  const { t } = useTranslation();
  const P = crudPermissions(p.type.replace('-', ' ') as SubjectOf<T> & PermissionSubject);
  const workflow = workflowOf(p.type);
  const editable = (m: Row<T>) => Boolean(m.state && workflow.isEditable(m.state));
  const columns = columnsOf(p.type, [
    codeColumn(p.type),
    { key: 'state' as never, render: (m: RecordOf<T>) => <WorkflowStateBadge type={p.type} state={(m as Row<T>).state ?? ''} size="sm" /> },
    ...p.columns,
  ]);
  return (
    <WorkDocumentList
      type={p.type}
      columns={columns}
      include={p.listInclude}
      relationFilters={p.relationFilters}
      filters={filtersOf(p.type, p.filters ?? [])}
      permissions={{ create: p.creates ? P.create : undefined, view: P.view }}
      renderRecord={({ id, action, setAction, close }) => (
        <RecordForm<Row<T>>
          type={p.type}
          {...recordFormProps({ id, action, setAction, close })}
          fields={fieldsOf(p.type, [...(['code', 'state'] as FieldName<T>[]), ...p.fields, ...(['validated_at', 'created_at'] as FieldName<T>[])])}
          include={p.include}
          titleOf={(m) => String(m.code ?? '')}
          defaults={p.defaults}
          permissions={{ edit: P.edit, delete: P.delete }}
          // Only a draft is edited or deleted (the server refuses the others with a 409).
          editable={editable}
          // Why there is no Edit, where canceling is what undoes it.
          lead={(m) => (m.state && !editable(m) && m.available_actions?.includes('cancel') ? <Text c="dimmed" size="sm" data-testid={`${p.type}-locked`}>{t(typeText(p.type, 'draft_only'))}</Text> : null)}
          actions={(m) => (
            <>
              <DocumentActions type={p.type} record={m} />
              {p.more?.(m)}
            </>
          )}
        >
          {p.children}
        </RecordForm>
      )}
    />
  );
}
