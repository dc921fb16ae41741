import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { crudPermissions, type Label, type PermissionSubject, type RecordOf } from '@atelier/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Model } from '../../api/jsonapi.ts';
import { typeText } from '../../app/resources.ts';
import { columnsOf, fieldsOf, filtersOf, type ColumnEntry, type FieldEntry } from './declared.tsx';
import { RecordForm } from './RecordForm.tsx';
import { recordFormProps } from './ResourceList.tsx';
import { codeColumn, WorkDocumentList } from './WorkDocumentList.tsx';
import { WorkflowActions } from './WorkflowActions.tsx';
import { WorkflowStateBadge, type WorkType } from './WorkHeader.tsx';

// The screen of a workflow document with lines that opens in its list's drawer (stock movements,
// purchase orders, receipts, bills): its states as tabs, its columns, its form with its lines,
// editable while its workflow says so, and its actions as the server offers them to the user. A
// page gives its type's particulars: columns, fields, and the buttons of its own beside the workflow's.

/** What the page reads of the domain's workflow. */
interface DocumentWorkflow<A extends string> {
  route(action: A): string;
  spec(action: A): { label: Label; confirm?: boolean; color?: string };
  isEditable(state: never): boolean;
  next(state: never): readonly A[];
}

type Row<T extends WorkType> = RecordOf<T> & Model & { code?: string | null; state?: string | null; available_actions?: readonly string[] | null };

export interface DocumentPageProps<T extends WorkType, A extends string> {
  type: T;
  workflow: DocumentWorkflow<A>;
  subject: PermissionSubject;
  /** The columns after the number and the state. */
  columns: ColumnEntry<T>[];
  listInclude?: string;
  relationFilters: readonly string[];
  /** The enumerations the list filters by (a movement's type, an order's statuses). */
  filters?: Parameters<typeof filtersOf<T>>[1];
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
export function DocumentActions<T extends WorkType, A extends string>({ type, workflow, record }: { type: T; workflow: DocumentWorkflow<A>; record: Row<T> }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const code = String(record.code ?? '');
  return (
    <WorkflowActions<A>
      type={type}
      record={record}
      actions={(record.available_actions ?? []) as A[]}
      workflow={workflow}
      confirmOf={(a) => t(typeText(type, `confirm.${a}`), { code })}
      doneOf={(a) => t(typeText(type, `done.${a}`), { code })}
      next={record.state ? workflow.next(record.state as never) : []}
      onDone={() => void qc.invalidateQueries()}
      testId={`${type}-actions`}
    />
  );
}

export function DocumentPage<T extends WorkType, A extends string>(p: DocumentPageProps<T, A>) {
  const { t } = useTranslation();
  const P = crudPermissions(p.subject);
  const editable = (m: Row<T>) => Boolean(m.state && p.workflow.isEditable(m.state as never));
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
          fields={fieldsOf(p.type, p.fields)}
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
              <DocumentActions type={p.type} workflow={p.workflow} record={m} />
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
