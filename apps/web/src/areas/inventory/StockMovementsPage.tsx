import { Text } from '@mantine/core';
import { crudPermissions, MOVEMENT_WAREHOUSES, stockMovementWorkflow as workflow, type RecordOf, type StockMovementAction } from '@atelier/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Model } from '../../api/jsonapi.ts';
import { columnsOf, fieldsOf } from '../../components/resource/declared.tsx';
import type { LinesConfig } from '../../components/resource/lines.ts';
import { RecordForm } from '../../components/resource/RecordForm.tsx';
import { recordFormProps } from '../../components/resource/ResourceList.tsx';
import { WorkDocumentList } from '../../components/resource/WorkDocumentList.tsx';
import { WorkflowActions } from '../../components/resource/WorkflowActions.tsx';
import { WorkflowStateBadge } from '../../components/resource/WorkHeader.tsx';

const P = crudPermissions('stock movements');
type Movement = RecordOf<'stock-movements'> & Model;

/** A movement's lines: a product (or a free part's description), the quantity, the unit cost of a receipt. */
const lines: LinesConfig = {
  type: 'stock-movement-items',
  orderable: true,
  fields: fieldsOf('stock-movement-items', ['product', 'description', 'quantity', 'unit_cost']),
  defaults: { quantity: '1' },
  add: 'stock-movements:add_line',
  empty: 'stock-movements:no_lines',
  line: 'stock-movements:line_n',
};

/** A warehouse field shown only where the movement's type uses it (an entry has no source, a removal no destination). */
const usedBy = (side: 'source' | 'destination') => (values: Record<string, unknown>) => {
  const type = values.type;
  return typeof type !== 'string' || !Object.hasOwn(MOVEMENT_WAREHOUSES, type) || MOVEMENT_WAREHOUSES[type as keyof typeof MOVEMENT_WAREHOUSES][side];
};

/** Validate and cancel, as the server offers them to the user. */
function MovementActions({ movement }: { movement: Movement }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return (
    <WorkflowActions<StockMovementAction>
      type="stock-movements"
      record={movement}
      actions={movement.available_actions ?? []}
      workflow={workflow}
      confirmOf={(a) => t(`stock-movements:confirm.${a}`, { code: movement.code ?? '' })}
      // "Fait : Annuler." would read as an undo: say what happened to the movement.
      doneOf={(a) => t(`stock-movements:done.${a}`, { code: movement.code ?? '' })}
      next={movement.state ? workflow.next(movement.state) : []}
      onDone={() => void qc.invalidateQueries()}
      testId="movement-actions"
    />
  );
}

/** /inventory/stock-movements: the movements by state; one opens with its lines, editable as a draft, and its actions. */
export default function StockMovementsPage() {
  const { t } = useTranslation();
  const columns = columnsOf('stock-movements', [
    { key: 'code', render: (m) => <Text component="span" ff="monospace" size="sm">{m.code}</Text> },
    'type',
    { key: 'state', render: (m) => <WorkflowStateBadge type="stock-movements" state={m.state} size="sm" /> },
    { key: 'sourceWarehouse', visibleFrom: 'md' },
    { key: 'destinationWarehouse', visibleFrom: 'md' },
    { key: 'item_count', visibleFrom: 'lg' },
    { key: 'total_cost', visibleFrom: 'sm' },
    { key: 'created_at', visibleFrom: 'sm' },
  ]);
  return (
    <WorkDocumentList
      type="stock-movements"
      columns={columns}
      include="sourceWarehouse,destinationWarehouse"
      relationFilters={[{ filter: 'warehouse', type: 'warehouses' }]}
      permissions={{ create: P.create, view: P.view }}
      renderRecord={({ id, action, setAction, close }) => (
        <RecordForm<Movement>
          type="stock-movements"
          {...recordFormProps({ id, action, setAction, close })}
          fields={fieldsOf('stock-movements', [
            'code',
            'state',
            'type',
            { name: 'sourceWarehouse', visible: usedBy('source') },
            { name: 'destinationWarehouse', visible: usedBy('destination') },
            { name: 'items', kind: 'lines', lines, wide: true },
            'total_cost',
            { name: 'notes', wide: true },
            'allowedLocations',
            'creator',
            'validated_at',
            'created_at',
          ])}
          include="sourceWarehouse,destinationWarehouse,items.product,allowedLocations,creator"
          titleOf={(m) => String(m.code ?? '')}
          defaults={{ type: 'add' }}
          permissions={{ edit: P.edit, delete: P.delete }}
          // Only a draft is edited or deleted (the server refuses the others with a 409).
          editable={(m) => Boolean(m.state && workflow.isEditable(m.state))}
          // Why there is no Edit, where cancelling is what undoes it (not on a canceled one).
          lead={(m) => (m.state && !workflow.isEditable(m.state) && m.available_actions?.includes('cancel') ? <Text c="dimmed" size="sm" data-testid="movement-locked">{t('stock-movements:draft_only')}</Text> : null)}
          actions={(m) => <MovementActions movement={m} />}
        />
      )}
    />
  );
}
