import { Box } from '@mantine/core';
import type { Permission, RecordOf } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import type { Model } from '../../api/jsonapi.ts';
import { filtersOf, labelKey } from './declared.tsx';
import { relationOf } from './recordNames.tsx';
import { RelationSelect } from './RelationSelect.tsx';
import { ResourceList, type Column, type RecordDrawerProps } from './ResourceList.tsx';
import { StateTabs } from './StateTabs.tsx';
import { stateLabel, type StatesOf } from './workflowState.ts';

// The list of a workflow document (estimates, repairs, stock movements): its states as tabs with
// their counts (labels from the domain's workflow), its type and related records (by default the
// vehicle and customer) as filters, its columns. A page adds its columns and what opens.

type WorkDocument = 'estimations' | 'repairs' | 'stock-movements';
const one = (v: unknown) => (typeof v === 'string' ? v : null);

interface Props<T extends WorkDocument> {
  type: T;
  workflow: StatesOf & { states: readonly string[] };
  title: string;
  allLabel: string;
  columns: Column<RecordOf<T> & Model>[];
  include: string;
  permissions: { create?: Permission; view?: Permission };
  renderRecord: (props: RecordDrawerProps) => React.ReactNode;
  /** The filters by a related record: each a relationship name whose type is its plural. */
  relationFilters?: readonly string[];
}

export function WorkDocumentList<T extends WorkDocument>({ type, workflow, title, allLabel, columns, include, permissions, renderRecord, relationFilters = ['vehicle', 'customer'] }: Props<T>) {
  const { t } = useTranslation();
  const labelOf = (state: string) => stateLabel(workflow, state);
  return (
    <ResourceList<RecordOf<T> & Model>
      type={type}
      title={title}
      columns={columns}
      include={include}
      filters={filtersOf(type, ['type'])}
      filterTabs={(get, set) => <StateTabs type={type} states={workflow.states} labelOf={labelOf} allLabel={allLabel} get={get} set={set} />}
      filterControls={(get, set) => (
        <>
          {relationFilters.map((name) => (
            <Box key={name} w={240} data-testid={`filter-${name}`}>
              <RelationSelect relation={relationOf(`${name}s`)} label={t(labelKey(type, name))} value={get(name) ?? null} onChange={(v) => set(name, one(v))} name={name} />
            </Box>
          ))}
        </>
      )}
      permissions={permissions}
      renderRecord={renderRecord}
    />
  );
}
