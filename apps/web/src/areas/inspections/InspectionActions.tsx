import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { inspectionWorkflow, type InspectionAction, type RecordOf } from '@atelier/domain';
import { useMe } from '../../app/AppData.tsx';
import { byFullName } from '../../components/resource/recordNames.tsx';
import { WorkflowActions } from '../../components/resource/WorkflowActions.tsx';
import { actionsInputOf, headerActions } from './inspectionActions.ts';
import { inspectionHref } from './inspectionModel.ts';

/**
 * The workflow buttons of an inspection's header (spec §4): the actions its state offers that the
 * user's roles grant, the holder's rule applied. Take over names who holds the work; cancel and
 * redo are confirmed. A refusal (409, 403) is shown beside them and the screen re-reads the record.
 */
export function InspectionActions({ inspection }: { inspection: RecordOf<'inspections'> }) {
  const { t } = useTranslation();
  const { me, permissions } = useMe();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const holder = inspection.holder;
  const actions = headerActions(actionsInputOf(inspection, me.id, permissions));
  const code = inspection.code ?? '';
  const holderName = holder ? byFullName(holder) : '—';
  return (
    <WorkflowActions<InspectionAction>
      type="inspections"
      record={inspection}
      actions={actions}
      labelOf={(a) => t(`inspections:workflow.${a}`)}
      workflow={inspectionWorkflow}
      confirmOf={(a) => t(`inspections:workflow.confirm.${a}`, { code, holder: holderName })}
      assignAction="assign"
      next={inspectionWorkflow.next(inspection.state)}
      doneOf={(a) => t(`inspections:workflow.done.${a}`)}
      onDone={(action, result) => {
        void qc.invalidateQueries({ queryKey: ['inspections'] });
        void qc.invalidateQueries({ queryKey: ['inspection-fields'] });
        // Redo answers the fresh draft: it opens.
        if (action === 'redo' && result?.id && result.id !== inspection.id) navigate(inspectionHref(result.id));
      }}
      testId="inspection"
    />
  );
}
