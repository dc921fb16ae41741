import { Text } from '@mantine/core';
import type { RecordOf, TypeName } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { Model } from '../../api/jsonapi.ts';
import { hrefOf, typeText, workflowOf } from '../../app/resources.ts';
import { filtersOf, labelKey, relatedTypeOf, type ColumnEntry, type FieldName, type RelationshipName } from './declared.tsx';
import { RelationFilter } from './ListFilters.tsx';
import { ResourceList, type RecordDrawerProps, type ResourceListProps } from './ResourceList.tsx';
import { StateTabs } from './StateTabs.tsx';
import { stateLabel } from './workflowState.ts';
import type { WorkType } from './WorkHeader.tsx';

// The list of a workflow document (inspections, estimates, repairs): its states as tabs with their
// counts (labels from the domain's workflow, through the registry), its type, vehicle and customer as
// filters unless the page has its own, its number opening the record at its own route. A page adds
// its columns and, if it makes records, the form of a new one.

type Row<T extends WorkType> = RecordOf<T> & Model;

interface Props<T extends WorkType> extends Omit<ResourceListProps<Row<T>>, 'type' | 'filterTabs' | 'renderRecord'> {
  type: T;
  /**
   * The filters by a related record (default the vehicle and customer): a declared relationship,
   * searched in its type, or a filter and the type it names (a stock movement's warehouse, its source or destination).
   */
  relationFilters?: readonly (RelationshipName<T> | { filter: string; type: TypeName })[];
  /** A record opened in the list's drawer, for the types without a page of their own (stock movements). */
  renderRecord?: ResourceListProps<Row<T>>['renderRecord'];
  /** The form of a new record (?action=add), for the types made from their list. */
  renderNew?: (close: () => void) => React.ReactNode;
}

/** A document not numbered yet (a customer's invoice until validated). */
function Unnumbered() {
  const { t } = useTranslation();
  return (
    <Text component="span" size="sm" fs="italic">
      {t('common:unnumbered')}
    </Text>
  );
}

/** The number column (for columnsOf), opening the record's screen. */
export function codeColumn<T extends WorkType>(type: T): ColumnEntry<T> {
  const href = hrefOf(type);
  return {
    key: 'code' as FieldName<T>,
    linkTo: (r: RecordOf<T>) => href(r.id),
    // A document numbered only once validated (a customer's invoice) is a draft without a number until then.
    render: (r: RecordOf<T>) =>
      r.code ? (
        <Text component="span" ff="monospace" size="sm">
          {String(r.code)}
        </Text>
      ) : (
        <Unnumbered />
      ),
  };
}

export function WorkDocumentList<T extends WorkType>({ type, renderNew, renderRecord: drawer, relationFilters = ['vehicle', 'customer'] as RelationshipName<T>[], filters, filterControls, ...rest }: Props<T>) {
  const { t } = useTranslation();
  const workflow = workflowOf(type);
  const href = hrefOf(type);
  // A record opened by ?id=&action= (a link, a notification) is shown at its own route.
  const renderRecord =
    drawer ?? (({ id, action, close }: RecordDrawerProps) => (action === 'add' || !id ? (renderNew?.(close) ?? null) : <Navigate to={href(id)} replace />));
  return (
    <ResourceList<Row<T>>
      {...rest}
      type={type}
      filters={filters ?? filtersOf(type, ['type'])}
      filterTabs={(get, set) => (
        <StateTabs type={type} states={workflow.states} labelOf={(state) => stateLabel(workflow, state)} allLabel={typeText(type, 'all')} get={get} set={set} />
      )}
      filterControls={
        filterControls ??
        ((get, set) => (
          <>
            {relationFilters.map((entry) => {
              const [name, related] = typeof entry === 'string' ? [entry, relatedTypeOf(type, entry)] : [entry.filter, entry.type];
              return (
                <RelationFilter key={name} type={related} name={name} label={t(labelKey(type, name))} get={get} set={set} />
              );
            })}
          </>
        ))
      }
      renderRecord={renderRecord}
    />
  );
}
