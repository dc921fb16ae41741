import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { estimationActionLabel, estimationWorkflow, writableItemGroups, type EstimationAction, type RecordOf } from '@atelier/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../api/client.ts';
import { useRecord } from '../../api/hooks.ts';
import { ApiError, errorMessage } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { fieldsOf, labelKey } from '../../components/resource/declared.tsx';
import { byFullName } from '../../components/resource/recordNames.tsx';
import { takeOverBody, WorkflowActions } from '../../components/resource/WorkflowActions.tsx';
import { currentLocale, translateError } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/format.ts';
import { repairHref } from '../repairs/repairModel.ts';
import { DetailsAndComments } from '../comments/DetailsAndComments.tsx';
import { PhaseBadges } from './EstimationBadges.tsx';
import { OrderPartsButton } from '../purchases/OrderPartsButton.tsx';
import { DepositInvoiceButton } from '../sales/DepositInvoiceButton.tsx';
import { EstimationItems } from './EstimationItems.tsx';
import { headerActions, heldByOthers, nextEstimationActions, phasesOf, type HeldPhase } from './estimationModel.ts';
import { DeferredSuggestions } from './DeferredWork.tsx';
import { AddCannedJob } from '../canned-jobs/AddCannedJob.tsx';
import { SendToCustomer } from './SendToCustomer.tsx';
import { HeaderItem, PeopleItem, RelatedWork, WorkflowHeader } from '../../components/resource/WorkHeader.tsx';

export const ESTIMATION_INCLUDE = 'items,items.supplier,items.product,items.taxGroup,vehicle,customer,inspection,repair,approver,assignedToUsers,componentsHolder,timesHolder,approvalHolder';
/** The estimate's own fields (spec §3): who pays, the department, the stock number, the people, the notes. */
const DETAILS = fieldsOf('estimations', ['type', 'department', 'stock', 'odometer', 'customer', 'approver', 'estimators', 'mechanics', 'officialMechanic', { name: 'notes', wide: true }]);
const label = (a: EstimationAction) => estimationWorkflow.actionLabels[a][currentLocale()];
type Estimation = RecordOf<'estimations'>;

/**
 * Someone else works on a phase: say who; offer the take-over when the user may
 * ("Jean Tremblay travaille sur les pièces. Prendre en charge ?"). A lost race is the server's 409, shown here.
 */
function HeldPrompt({ estimation, held, onDone }: { estimation: Estimation; held: HeldPhase; onDone: () => void }) {
  const { t } = useTranslation();
  const take = useMutation({
    meta: { silent: true },
    // The holder shown is sent: if someone else took it over meanwhile, the server refuses (409) and says who.
    mutationFn: (action: EstimationAction) => api.action(`/estimations/${encodeURIComponent(estimation.id)}/${estimationWorkflow.route(action)}`, 'POST', takeOverBody('estimations', estimation.id, held.holder)),
    onSettled: onDone,
  });
  const phase = t(`estimations:held.${held.phase}`);
  const text = t('estimations:held.working', { name: byFullName(held.holder), phase });
  return (
    <Alert color="orange" data-testid={`held-${held.phase}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">
          {text}
          {held.takeOver ? ` ${t('estimations:held.offer')}` : ''}
        </Text>
        {held.takeOver ? (
          <Button size="md" loading={take.isPending} onClick={() => take.mutate(held.takeOver!)} data-testid={`take-over-${held.phase}`}>
            {label(held.takeOver)}
          </Button>
        ) : null}
      </Group>
      {take.error ? (
        <Text size="sm" c="red.9" mt={4} role="alert" data-testid="take-over-refused">
          {take.error instanceof ApiError ? errorMessage(take.error.errors, translateError) : t('errors:SOMETHING_WENT_WRONG')}
        </Text>
      ) : null}
    </Alert>
  );
}

/** /inspecpro/estimates/{id}: an estimate (spec §2, §4): its header, phases and actions, its items with live totals. */
export default function EstimationPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { me, can } = useMe();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const q = useRecord<Estimation>('estimations', id, { include: ESTIMATION_INCLUDE });
  const estimation = q.data;
  const groups = useMemo(() => {
    if (!estimation?.state) return [];
    const all = writableItemGroups(estimation.state, phasesOf(estimation), me.id);
    // Descriptions are the estimate's own edit; the phases' groups go with holding the phase.
    return all.filter((g) => g !== 'description' || can('edit estimations'));
  }, [estimation, me.id, can]);
  if (q.isPending) return <Loader />;
  if (!estimation) return <Alert color="red">{t('estimations:page.not_found')}</Alert>;

  const reload = () => void qc.invalidateQueries({ queryKey: ['estimations'] });
  const { inspection, repair, approver } = estimation;
  const code = String(estimation.code ?? '');
  const held = heldByOthers(estimation, me.id);
  const available: readonly string[] = estimation.available_actions ?? [];
  const version = Number(estimation.version ?? 0);

  return (
    <Stack gap="md" data-testid="estimation-page">
      <WorkflowHeader
        type="estimations"
        record={estimation}
        pdf="estimations:page.quote_pdf"
        actions={
          <>
              {available.includes('send_client_approve') ? <SendToCustomer estimation={estimation} onSent={reload} /> : null}
              <WorkflowActions<EstimationAction>
                type="estimations"
                record={estimation}
                actions={headerActions(estimation.available_actions)}
                workflow={estimationWorkflow}
                confirmOf={(a) => t(`estimations:confirm.${a}`, { code })}
                labelOf={(a) => estimationActionLabel(a, phasesOf(estimation))[currentLocale()]}
                assignAction="assign"
                next={nextEstimationActions(estimation.state, phasesOf(estimation))}
                // Sending to the customer, when offered, is the button drawn filled.
                nextBeside={available.includes('send_client_approve')}
                onDone={(a, result) => {
                  reload();
                  // Skipping the estimate opens its repair. WorkflowActions reads any type's answer as a Model: this one is the estimate.
                  const made = a === 'by_pass' ? ((result as Estimation | null)?.repair?.id ?? null) : null;
                  if (made) navigate(repairHref(made));
                }}
                testId="estimation-actions"
              />
              {estimation.state && !estimationWorkflow.isFinal(estimation.state) ? <OrderPartsButton type="estimations" id={estimation.id} items={estimation.items ?? []} onDone={reload} /> : null}
              <DepositInvoiceButton estimation={estimation} />
          </>
        }
        facts={
          <>
            <RelatedWork of="estimations" name="inspection" type="inspections" record={inspection} testId="estimation-inspection" />
            <RelatedWork of="estimations" name="repair" type="repairs" record={repair} testId="estimation-repair" />
            <PeopleItem of="estimations" name="approver" people={approver} />
            <PeopleItem of="estimations" name="assignedToUsers" people={estimation.assignedToUsers} />
            <HeaderItem label={t(labelKey('estimations', 'created_at'))}>{estimation.created_at ? formatDateTime(String(estimation.created_at), currentLocale()) : null}</HeaderItem>
            <HeaderItem label={t('estimations:page.sent')}>
              {estimation.sent_at ? <span data-testid="estimation-sent">{t('estimations:page.sent_version', { version, date: formatDateTime(String(estimation.sent_at), currentLocale()) })}</span> : null}
            </HeaderItem>
          </>
        }
      >
          <div>
            <Text size="xs" c="dimmed" mb={4}>
              {t('estimations:phases')}
            </Text>
            <PhaseBadges record={estimation} withHolders />
          </div>
          {held.map((h) => (
            <HeldPrompt key={h.phase} estimation={estimation} held={h} onDone={reload} />
          ))}
      </WorkflowHeader>
      <DeferredSuggestions estimation={estimation} writable={groups.includes('description')} onAdded={reload} />
      {groups.includes('description') ? (
        <Group justify="flex-end">
          <AddCannedJob estimationId={estimation.id} onAdded={reload} />
        </Group>
      ) : null}
      <Paper withBorder p="md" radius="md">
        <EstimationItems estimation={estimation} groups={groups} />
      </Paper>
      <DetailsAndComments type="estimations" id={estimation.id} fields={DETAILS} editPermission="edit estimations" testId="estimation-details" />
    </Stack>
  );
}

