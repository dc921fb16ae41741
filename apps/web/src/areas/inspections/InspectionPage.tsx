import { Alert, Anchor, Box, Button, Checkbox, Flex, Group, Image, List, Loader, Modal, NavLink, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { notify } from '../../app/notify.tsx';
import { IconAlertTriangle, IconCloudOff, IconHistory, IconRefresh, IconSignature, IconWand } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answeredCount, CLEARED_ANSWER, findingOf, missingRequired, sectionGoodFills, type RecordOf } from '@atelier/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { api, request } from '../../api/client.ts';
import { useRecord } from '../../api/hooks.ts';
import { ApiError, type JsonApiDocument } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { labelKey } from '../../components/resource/declared.tsx';
import { byFullName } from '../../components/resource/recordNames.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatDate, formatDateTime, formatNumber } from '../../lib/format.ts';
import { formOfVersion, remindersOfVersion } from './adapter.ts';
import { loadQueue, useAnswerSender } from './answerSender.ts';
import { OFFLINE_READY } from '../../app/offlineCache.ts';
import { actionsInputOf, canAnswer, userActions } from './inspectionActions.ts';
import { InspectionActions } from './InspectionActions.tsx';
import { InspectionDetails } from './InspectionDetails.tsx';
import { ReportButton } from './ReportButton.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import { downloadReport } from './reportApi.ts';
import { answersOfInspection, vehicleOfInspection, type AnswerRecord } from './inspectionModel.ts';
import { answerOf, fieldScoreOf, sectionScoreOf, type AnswerChange } from './liveScoring.ts';
import { allFields, type FormSection, type InspectionFormModel } from './model.ts';
import { pendingChanges, saveStatusOf, type SaveQueue } from './saveQueue.ts';
import { previousAnswerText, previousVisitOf, type PreviousVisit } from './previousVisit.ts';
import { ScoreSummary, SectionList, SectionTabList } from './ScoreSummary.tsx';
import { SectionView } from './SectionView.tsx';
import { SignaturePad } from '../../components/SignaturePad.tsx';
import { CommentThread } from '../comments/CommentThread.tsx';
import { InspectionEstimation } from '../estimations/InspectionEstimation.tsx';
import { FieldPhotosProvider, InspectionPhotos } from './Photos.tsx';
import { useLiveScoring } from './useLiveScoring.ts';
import { HeaderItem, WorkflowHeader } from '../../components/resource/WorkHeader.tsx';

const INCLUDE = 'vehicle,customer,inspectionForm,holder,assignedToUsers,completedBy';
const FINISH = 'finish';

type Inspection = RecordOf<'inspections'>;
/** What the form's work reads of its inspection: the calls' id, the code, the vehicle scored against. */
type WorkInspection = Pick<Inspection, 'id' | 'code' | 'odometer' | 'vehicle'>;

/** A field still to answer, as the final step links to it. */
interface MissingField {
  id: string;
  name: string;
  section: string;
}

/** Each missing field as a link to it: the section opened, the field scrolled to and focused. */
function MissingLinks({ fields, onGo }: { fields: MissingField[]; onGo: (fieldId: string) => void }) {
  const { t } = useTranslation();
  return (
    <List spacing={4} size="sm">
      {fields.map((f) => (
        <List.Item key={f.id}>
          <Anchor component="button" type="button" onClick={() => onGo(f.id)} aria-label={t('inspections:finish.go_to_field', { name: f.name, section: f.section })} data-testid={`missing-${f.id}`}>
            {f.name}
          </Anchor>
          <Text span size="sm" c="dimmed">
            {' '}
            · {f.section}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/**
 * The final step (spec §2): what is still to fill in, each a link to its field; the reminders
 * ticked, the signature, complete; the server's refusals listed (a missing field's as a link too).
 */
function FinishStep({
  inspection,
  reminders,
  waiting,
  missing,
  fieldOf,
  onGo,
}: {
  inspection: WorkInspection;
  reminders: { id: string; text: string }[];
  waiting: number;
  missing: MissingField[];
  /** A field of the form by id, for the server's refusals that name one. */
  fieldOf: (fieldId: string) => MissingField | undefined;
  onGo: (fieldId: string) => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [signature, setSignature] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const complete = useMutation({
    mutationFn: () =>
      api.action(`/inspections/${inspection.id}/complete`, 'POST', {
        data: { type: 'inspections', id: inspection.id, attributes: { signature, checked_reminders: [...ticked] } },
      }),
    // The refusals (422) are listed here, all at once; any other error opens the dialog.
    meta: { form: true },
    onSuccess: () => {
      setConfirm(false);
      notify({ color: 'teal', message: t('inspections:workflow.done.complete') });
      // Spec §2: once sent, the report opens.
      downloadReport(inspection).catch(() => notify({ color: 'red', message: t('reports:failed') }));
      void qc.invalidateQueries({ queryKey: ['inspections'] });
      void qc.invalidateQueries({ queryKey: ['inspection-fields'] });
    },
    onError: () => setConfirm(false),
  });
  const errors = complete.error instanceof ApiError && complete.error.status === 422 ? complete.error.errors : [];
  const signatureError = errors.find((e) => e.source?.pointer === '/data/attributes/signature')?.detail ?? null;
  const allTicked = reminders.every((r) => ticked.has(r.id));
  // The server's missing fields are links (by the ids in meta); its other refusals are text.
  const refusedFields = errors.flatMap((e) => {
    const f = e.meta?.field_id ? fieldOf(e.meta.field_id) : undefined;
    return f ? [f] : [];
  });
  const otherErrors = errors.filter((e) => !(e.meta?.field_id && fieldOf(e.meta.field_id)));
  return (
    <Stack gap="lg" data-testid="finish-step">
      <Title order={2} size="h3">
        {t('inspections:finish.title')}
      </Title>
      {missing.length > 0 ? (
        // On white, not a tinted alert: the links keep their contrast.
        <Paper withBorder p="md" radius="md" style={{ borderColor: 'var(--mantine-color-orange-7)' }} data-testid="missing-fields">
          <Group gap="xs" wrap="nowrap" mb={4}>
            <IconAlertTriangle size={20} color="var(--mantine-color-orange-9)" aria-hidden />
            <Text fw={600}>
              {t('inspections:finish.missing_title', { count: missing.length })}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" mb={4}>
            {t('inspections:finish.missing_hint')}
          </Text>
          <MissingLinks fields={missing} onGo={onGo} />
        </Paper>
      ) : (
        <Text size="sm" c="teal.9" data-testid="missing-none">
          {t('inspections:finish.missing_none')}
        </Text>
      )}
      {reminders.length > 0 && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Text fw={600}>{t('inspections:finish.reminders')}</Text>
            {reminders.map((r) => (
              <Checkbox
                key={r.id}
                size="lg"
                label={r.text}
                checked={ticked.has(r.id)}
                onChange={(e) => {
                  const next = new Set(ticked);
                  if (e.currentTarget.checked) next.add(r.id);
                  else next.delete(r.id);
                  setTicked(next);
                }}
                data-testid={`reminder-${r.id}`}
              />
            ))}
          </Stack>
        </Paper>
      )}
      <SignaturePad label={t('inspections:finish.signature')} onChange={setSignature} error={signatureError} />
      {errors.length > 0 && (
        <Alert color="red" title={t('inspections:finish.refused')} data-testid="complete-errors">
          <Stack gap={2}>
            {otherErrors.map((e, i) => (
              <Text key={i} size="sm">
                {e.detail ?? e.title}
              </Text>
            ))}
            {refusedFields.length > 0 && (
              <Paper p="xs" mt={4}>
                <MissingLinks fields={refusedFields} onGo={onGo} />
              </Paper>
            )}
          </Stack>
        </Alert>
      )}
      {waiting > 0 && (
        <Alert color="orange" icon={<IconCloudOff />} data-testid="complete-waiting">
          {t('inspections:save.wait_before_complete', { count: waiting })}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button size="lg" color="teal.9" leftSection={<IconSignature size={20} />} disabled={waiting > 0} onClick={() => setConfirm(true)} data-testid="inspection-complete">
          {t('inspections:workflow.complete')}
        </Button>
      </Group>
      <Modal opened={confirm} onClose={() => setConfirm(false)} title={t('inspections:workflow.complete')} centered>
        <Stack>
          <Text>{t('inspections:workflow.confirm.complete', { code: inspection.code ?? '' })}</Text>
          {(!signature || !allTicked) && (
            <Text size="sm" c="orange.9">
              {t('inspections:finish.incomplete_warning')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(false)} data-autofocus>
              {t('inspections:workflow.keep')}
            </Button>
            <Button color="teal.9" loading={complete.isPending} onClick={() => complete.mutate()} data-testid="inspection-complete-confirm">
              {t('inspections:workflow.complete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The fields "all good" filled in a section, offered back (undo) for a few seconds. */
export interface FilledSection {
  section: string;
  fields: { id: string; value: unknown }[];
}
/** How long the undo of "all good" stays offered. */
const UNDO_MS = 10_000;

/**
 * Set a section all good (only the fields nobody answered: the button says how many), or reset it
 * (after a confirmation naming how many answers it clears): on the server, then the answers are
 * read again; the screen stays on the section.
 */
function SectionActions({ inspection, section, fills, answered, disabled, onFilled, onReset }: {
  inspection: WorkInspection;
  section: FormSection;
  /** The fields "all good" fills and their values (sectionGoodFills, as the server decides it). */
  fills: FilledSection['fields'];
  answered: number;
  disabled: boolean;
  onFilled: (filled: FilledSection) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const [confirm, setConfirm] = useState(false);
  const run = useMutation({
    mutationFn: (action: 'reset-section' | 'set-section-good') => api.action(`/inspections/${inspection.id}/${action}`, 'POST', { section_id: section.id }),
    onSuccess: (_, action) => {
      setConfirm(false);
      if (action === 'reset-section') onReset();
      else onFilled({ section: section.id, fields: fills });
    },
  });
  return (
    <Group gap="xs" justify="flex-end" data-testid="section-actions">
      <Button
        size="md"
        variant="light"
        color="teal"
        leftSection={<IconWand size={18} />}
        disabled={disabled || fills.length === 0}
        loading={run.isPending && run.variables === 'set-section-good'}
        onClick={() => run.mutate('set-section-good')}
        data-testid="section-set-good"
        data-count={fills.length}
      >
        {fills.length ? t('inspections:section.set_good', { count: fills.length }) : t('inspections:section.set_good_none')}
      </Button>
      <Button size="md" variant="subtle" color="gray" leftSection={<IconRefresh size={18} />} disabled={disabled || answered === 0} onClick={() => setConfirm(true)} data-testid="section-reset">
        {t('inspections:workflow.reset_section')}
      </Button>
      <Modal opened={confirm} onClose={() => setConfirm(false)} title={t('inspections:workflow.reset_section')} centered>
        <Stack>
          <Text data-testid="section-reset-message">{t('inspections:section.reset_confirm', { count: answered, section: section.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(false)} data-autofocus>
              {t('inspections:workflow.keep')}
            </Button>
            <Button color="red.9" loading={run.isPending && run.variables === 'reset-section'} onClick={() => run.mutate('reset-section')} data-testid="section-reset-confirm">
              {t('inspections:workflow.reset_section')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}

interface WorkProps {
  inspection: WorkInspection;
  form: InspectionFormModel;
  reminders: { id: string; text: string }[];
  fields: readonly AnswerRecord[];
  /** The answers kept on this device, not yet on the server (loadQueue). */
  stored: SaveQueue;
  previous: PreviousVisit | null;
  answering: boolean;
  sectionActions: boolean;
  /** The fields "all good" just filled, offered back; `onFilled` reloads the answers and offers it. */
  undo?: FilledSection | null;
  onFilled?: (filled: FilledSection | null) => void;
  /** The user may take the inspection over (offered when a conflict says someone else holds it). */
  canTakeOver: boolean;
  onReload: () => void;
  /** Every waiting answer reached the server: the page refreshes what it (and the offline copy) read. */
  onDrained?: () => void;
}

/**
 * The answers waiting because the server refused them for who holds the inspection or its state
 * (taken over, completed or canceled meanwhile): kept on the device until the user chooses to
 * take it over and send them, or to drop them. Never overwritten silently, never retried alone.
 */
function ConflictBanner({ inspection, conflict, waiting, canTakeOver, onKeep, onDrop }: {
  inspection: WorkInspection;
  conflict: NonNullable<SaveQueue['conflict']>;
  waiting: number;
  canTakeOver: boolean;
  onKeep: () => void;
  onDrop: () => void;
}) {
  const { t } = useTranslation();
  const takeOver = useMutation({
    // Body-less: the user takes it back from whoever the refusal named, not from the holder this screen last read.
    mutationFn: () => api.action(`/inspections/${inspection.id}/take-over`, 'POST'),
    onSuccess: onKeep,
  });
  const [confirmDrop, setConfirmDrop] = useState(false);
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title={t('inspections:conflict.title')} role="alert" data-testid="save-conflict">
      <Stack gap="xs">
        <Text size="sm">{conflict.message}</Text>
        <Text size="sm" fw={600}>
          {t('inspections:conflict.kept', { count: waiting })}
        </Text>
        <Group gap="xs">
          {conflict.status === 403 && canTakeOver && (
            <Button size="md" color="red.8" loading={takeOver.isPending} onClick={() => takeOver.mutate()} data-testid="conflict-take-over">
              {t('inspections:conflict.take_over')}
            </Button>
          )}
          <Button size="md" variant="default" onClick={() => setConfirmDrop(true)} data-testid="conflict-drop">
            {t('inspections:conflict.drop')}
          </Button>
        </Group>
      </Stack>
      <Modal opened={confirmDrop} onClose={() => setConfirmDrop(false)} title={t('inspections:conflict.drop')} centered>
        <Stack>
          <Text>{t('inspections:conflict.drop_confirm', { count: waiting })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDrop(false)} data-autofocus>
              {t('inspections:workflow.keep')}
            </Button>
            <Button color="red.8" onClick={onDrop} data-testid="conflict-drop-confirm">
              {t('inspections:conflict.drop')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Alert>
  );
}

/**
 * The form of an inspection, section by section, scored live. While the user holds it in progress,
 * each answer shows at once, is queued and sent in the background (its field says so until the
 * server has it); otherwise it is read only.
 */
export function InspectionWork({ inspection, form, reminders, fields, stored, previous, answering, sectionActions, undo, onFilled, canTakeOver, onReload, onDrained }: WorkProps) {
  const { t } = useTranslation();
  const [start] = useState(() => answersOfInspection(fields, answering ? pendingChanges(stored) : undefined));
  const vehicle = useMemo(() => vehicleOfInspection(inspection), [inspection]);
  const live = useLiveScoring(form, vehicle, start.answers);
  const { sender, queue, online } = useAnswerSender(inspection.id, stored);
  // The section shown is in the address (?section=), so a reload, offline too, comes back to it.
  const [params, setParams] = useSearchParams();
  const chosen = params.get('section');
  const setChosen = useCallback(
    (section: string | null) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (section) next.set('section', section);
          else next.delete('section');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const fieldNames = useMemo(() => new Map(allFields(form).map((f) => [f.id, f.name])), [form]);
  // Each field with its section, for the final step's links.
  const places = useMemo(
    () => new Map(form.sections.flatMap((s) => s.subSections.flatMap((sub) => sub.fields.map((f) => [f.id, { id: f.id, name: f.name, section: s.name, sectionId: s.id }] as const)))),
    [form],
  );
  const missing = useMemo(
    () => missingRequired(allFields(form), (id) => Boolean(fieldScoreOf(live.score, id)?.visible), (id) => answerOf(live.state, id)).map((f) => places.get(f.id)!),
    [form, live.score, live.state, places],
  );
  // The field the final step sent the user to: focused once its section shows.
  const [target, setTarget] = useState<string | null>(null);
  const goTo = useCallback(
    (fieldId: string) => {
      const place = places.get(fieldId);
      if (!place) return;
      setChosen(place.sectionId);
      setTarget(fieldId);
    },
    [places, setChosen],
  );
  const shown = form.sections.filter((s) => sectionScoreOf(live.score, s.id)?.visible);
  const active = chosen === FINISH && answering ? FINISH : shown.some((s) => s.id === chosen) ? chosen : (shown[0]?.id ?? null);
  const { setAnswer: localAnswer, setComment: localComment } = live;

  const onAnswer = useCallback(
    (fieldId: string, change: AnswerChange) => {
      const recordId = start.recordIds.get(fieldId);
      if (!recordId) return;
      localAnswer(fieldId, change);
      sender.add(fieldId, recordId, change);
    },
    [localAnswer, sender, start.recordIds],
  );
  const onComment = useCallback(
    (fieldId: string, text: string) => {
      const recordId = start.recordIds.get(fieldId);
      if (!recordId) return;
      localComment(fieldId, text);
      sender.add(fieldId, recordId, { comment: text });
    },
    [localComment, sender, start.recordIds],
  );
  const saveOf = useCallback((fieldId: string) => saveStatusOf(queue, fieldId), [queue]);
  const fieldsOfSection = (s: FormSection) => s.subSections.flatMap((sub) => sub.fields);
  const fillsOf = (s: FormSection) => sectionGoodFills(fieldsOfSection(s), live.state.answers, (id) => fieldScoreOf(live.score, id)?.visible === true);
  /**
   * The undo of "all good": each field it filled back to unanswered, through the answer path (scores,
   * offline queue); a field answered again since (another value, an action, N/A) is the user's and stays.
   */
  const undoFill = (filled: FilledSection) => {
    for (const { id, value } of filled.fields) {
      const now = answerOf(live.state, id);
      if (!now.action && !now.not_applicable && JSON.stringify(now.value) === JSON.stringify(value)) onAnswer(id, CLEARED_ANSWER);
    }
    onFilled?.(null);
  };
  const typeOf = useMemo(() => new Map(allFields(form).map((f) => [f.id, f.field_type])), [form]);
  const locale = currentLocale();
  const previousOf = useCallback(
    (fieldId: string) => (previous ? previousAnswerText(typeOf.get(fieldId)!, previous.fields.get(fieldId), t, (n) => formatNumber(n, locale)) : null),
    [previous, typeOf, t, locale],
  );
  const waiting = queue.items.length;
  // Once the answers are all on the server, the copies read offline (the service worker's) are refreshed.
  const hadWaiting = useRef(false);
  useEffect(() => {
    if (waiting > 0) hadWaiting.current = true;
    else if (hadWaiting.current) {
      hadWaiting.current = false;
      onDrained?.();
    }
  }, [waiting, onDrained]);
  // Safety-critical fields failing come first, above the sections (the report lists them first too).
  const critical = allFields(form).filter((f) => {
    const fs = fieldScoreOf(live.score, f.id);
    return fs?.visible && findingOf(f, answerOf(live.state, f.id), fs)?.critical;
  });
  // Offline, or the last attempt failed: the answers wait for the connection.
  const failing = !online || queue.items.some((i) => i.error);
  useEffect(() => {
    if (!target) return;
    const field = document.querySelector<HTMLElement>(`[data-testid="field-${CSS.escape(target)}"]`);
    if (!field) return;
    field.scrollIntoView({ block: 'center', behavior: 'smooth' });
    // Its first control (a choice, an input) takes the focus; the field itself when it has none.
    const control = field.querySelector<HTMLElement>('button:not([disabled]), input:not([disabled]), textarea:not([disabled])');
    if (!control) field.setAttribute('tabindex', '-1');
    (control ?? field).focus({ preventScroll: true });
    setTarget(null);
  }, [target, active]);

  return (
    <Tabs value={active} onChange={setChosen} variant="pills" keepMounted={false}>
      <Flex direction={{ base: 'column', lg: 'row-reverse' }} align={{ base: 'stretch', lg: 'flex-start' }} gap="md">
        <Stack gap="xs" pos="sticky" top={60} w={{ base: '100%', lg: 340 }} py={4} bg="var(--mantine-color-body)" style={{ zIndex: 10 }}>
          <ScoreSummary score={live.score} progress={live.progress} />
          {critical.length > 0 && (
            <Alert color="red" variant="outline" icon={<IconAlertTriangle />} p="xs" title={t('inspections:finding.critical_title', { count: critical.length })} data-testid="critical-findings">
              {critical.map((f) => f.name).join(' · ')}
            </Alert>
          )}
          {queue.conflict && (
            <ConflictBanner
              inspection={inspection}
              conflict={queue.conflict}
              waiting={waiting}
              canTakeOver={canTakeOver}
              onKeep={() => {
                sender.resolve(true);
                onReload();
              }}
              onDrop={() => {
                sender.resolve(false);
                onReload();
              }}
            />
          )}
          {waiting > 0 && !queue.conflict && (
            <Alert color={failing ? 'orange' : 'blue'} icon={failing ? <IconCloudOff /> : <Loader size={16} />} p="xs" data-testid="save-banner">
              {failing ? t('inspections:save.waiting_offline', { count: waiting }) : t('inspections:save.waiting', { count: waiting })}
            </Alert>
          )}
          {/* Offline, said once here rather than under each field: answers are kept, photos wait. */}
          {answering && !online && (
            <Alert color="orange" icon={<IconCloudOff />} p="xs" data-testid="offline-banner">
              {t('inspections:photos.offline')}
            </Alert>
          )}
          <Box visibleFrom="lg">
            <SectionList sections={form.sections} score={live.score} active={active} onSelect={setChosen}>
              {answering && <NavLink label={t('inspections:finish.title')} leftSection={<IconSignature size={20} />} active={active === FINISH} onClick={() => setChosen(FINISH)} mih={48} data-testid="section-nav-finish" />}
            </SectionList>
          </Box>
          <Box hiddenFrom="lg">
            <SectionTabList sections={form.sections} score={live.score}>
              {answering && (
                <Tabs.Tab value={FINISH} mih={48} leftSection={<IconSignature size={18} />} data-testid="section-tab-finish">
                  {t('inspections:finish.title')}
                </Tabs.Tab>
              )}
            </SectionTabList>
          </Box>
        </Stack>
        <Box style={{ flex: 1, minWidth: 0 }}>
          {form.sections.map((s) => (
            <Tabs.Panel key={s.id} value={s.id}>
              <Stack gap="md">
                {sectionActions && (
                  <SectionActions
                    inspection={inspection}
                    section={s}
                    fills={fillsOf(s)}
                    answered={answeredCount(fieldsOfSection(s).map((f) => f.id), live.state.answers)}
                    disabled={waiting > 0}
                    onFilled={(filled) => {
                      onFilled?.(filled);
                      onReload();
                    }}
                    onReset={() => {
                      onFilled?.(null);
                      onReload();
                    }}
                  />
                )}
                {undo?.section === s.id && answering && (
                  <Alert color="teal" p="xs" data-testid="section-undo-banner">
                    <Group justify="space-between" gap="xs">
                      <Text size="sm">{t('inspections:section.filled', { count: undo.fields.length })}</Text>
                      <Button size="md" variant="white" color="teal.9" onClick={() => undoFill(undo)} data-testid="section-undo">
                        {t('inspections:section.undo')}
                      </Button>
                    </Group>
                  </Alert>
                )}
                <SectionView
                  section={s}
                  live={live.state}
                  fieldNames={fieldNames}
                  onAnswer={onAnswer}
                  onComment={onComment}
                  saveOf={answering ? saveOf : undefined}
                  previousOf={previous ? previousOf : undefined}
                  readOnly={!answering}
                />
              </Stack>
            </Tabs.Panel>
          ))}
          {answering && (
            <Tabs.Panel value={FINISH}>
              <FinishStep inspection={inspection} reminders={reminders} waiting={waiting} missing={missing} fieldOf={(id) => places.get(id)} onGo={goTo} />
            </Tabs.Panel>
          )}
        </Box>
      </Flex>
    </Tabs>
  );
}

/** /inspecpro/inspections/{id}: the inspection (spec §2): its summary and actions, its form filled or read, its final step. */
export default function InspectionPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { me, permissions } = useMe();
  const qc = useQueryClient();
  const [round, setRound] = useState(0);
  const [undo, setUndo] = useState<FilledSection | null>(null);
  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(() => setUndo(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [undo]);
  const q = useRecord<Inspection>('inspections', id, { include: INCLUDE });
  const inspection = q.data;
  const versionId = inspection?.inspectionFormVersion?.id;
  const formName = inspection?.inspectionForm?.name ?? '';
  // The frozen version of the form it was made from (never the live form): it never changes.
  const versionQ = useRecord<RecordOf<'inspection-form-versions'>>('inspection-form-versions', versionId, {}, { staleTime: Infinity, refetchOnWindowFocus: false });
  // The last visit of the vehicle with this form, as a reference beside each field.
  const previousQ = useQuery({
    queryKey: ['inspections', 'previous', id],
    queryFn: () => request<JsonApiDocument>(`/inspections/${encodeURIComponent(id!)}`, { params: { fields: { inspections: 'code' }, extra: { add_data: 'previousInspection' } }, global: false }),
    enabled: Boolean(id),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const previous = useMemo(() => previousVisitOf(previousQ.data, id ?? ''), [previousQ.data, id]);
  // The answers are read once per round: a refetch must not rebuild what is being answered.
  const readFields = useCallback(() => api.listAll<RecordOf<'inspection-fields'>>('inspection-fields', { filter: { inspection: id } }, { global: false }), [id]);
  const fieldsQ = useQuery({
    queryKey: ['inspection-fields', 'of', id, round],
    queryFn: readFields,
    enabled: Boolean(id),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const locale = currentLocale();
  const form = useMemo(() => (versionQ.data ? formOfVersion(versionQ.data, formName, locale) : null), [versionQ.data, formName, locale]);
  const reminders = useMemo(() => remindersOfVersion(versionQ.data, locale), [versionQ.data, locale]);
  // The answers kept on this device (IndexedDB), read again whenever the form starts afresh.
  const workKey = `${inspection?.state ?? ''}:${inspection?.holder?.id ?? ''}:${round}`;
  const stored = useQuery({
    queryKey: ['inspection-queue', id, workKey],
    queryFn: () => loadQueue(id!),
    enabled: Boolean(id && inspection),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  /**
   * The screen's reads again, without starting the form afresh (the answers are set, not refetched):
   * the service worker's offline copies follow. `all`: the version and the previous visit too.
   */
  const readAgain = useCallback(
    (all: boolean) => {
      void readFields().then((data) => qc.setQueryData(['inspection-fields', 'of', id, round], data), () => undefined);
      void qc.invalidateQueries({ queryKey: ['inspections', 'record', id] });
      if (!all) return;
      void qc.invalidateQueries({ queryKey: ['inspections', 'previous', id] });
      void qc.invalidateQueries({ queryKey: ['inspection-form-versions', 'record'] });
    },
    [qc, readFields, id, round],
  );
  // The worker took control after this screen read its data (a first visit): read it again through it.
  useEffect(() => {
    const warm = () => readAgain(true);
    window.addEventListener(OFFLINE_READY, warm);
    return () => window.removeEventListener(OFFLINE_READY, warm);
  }, [readAgain]);
  if (q.isPending) return <Loader />;
  if (!inspection) return <Alert color="red">{t('inspections:page.not_found')}</Alert>;
  const state = inspection.state;
  const holder = inspection.holder ?? null;
  const input = actionsInputOf(inspection, me.id, permissions);
  const answering = canAnswer(input);
  const mine = userActions(input);
  const sectionActions = answering && mine.includes('set_section_good');
  const assigned = inspection.assignedToUsers ?? [];
  // Every answer is on the server: the offline copy of the answers is refreshed.
  const drained = () => readAgain(false);
  const reload = () => {
    setRound((r) => r + 1);
    void qc.invalidateQueries({ queryKey: ['inspections'] });
  };
  // Who the inspection is with: whoever does it while it is in progress, who completed it once done, else its assignees.
  const completedBy = inspection.completedBy ?? null;
  const who =
    state === 'in_progress' && holder
      ? { label: 'holder', names: byFullName(holder) }
      : completedBy
        ? { label: 'completedBy', names: byFullName(completedBy) }
        : { label: 'assignedToUsers', names: assigned.map(byFullName).join(', ') };

  return (
    <Stack gap="md" data-testid="inspection-page">
      <WorkflowHeader
        type="inspections"
        record={inspection}
        actions={
          <>
              <InspectionActions inspection={inspection} />
              <InspectionEstimation inspection={inspection} />
              <ShareDialog inspection={inspection} />
              <ReportButton inspection={inspection} />
          </>
        }
        facts={
          <>
            <HeaderItem label={t(labelKey('inspections', 'inspectionForm'))}>{formName}</HeaderItem>
            <HeaderItem label={t(labelKey('inspections', who.label))}>{who.names}</HeaderItem>
            {/* While it is answered, the live score beside the form is the one to read. */}
            {!answering && (
              <HeaderItem label={t(labelKey('inspections', 'vehicle_score'))}>
                <span data-testid="inspection-score">{inspection.vehicle_score ?? '—'}</span>
              </HeaderItem>
            )}
            <HeaderItem label={t(labelKey('inspections', 'updated_at'))}>{inspection.updated_at ? formatDateTime(inspection.updated_at, currentLocale()) : null}</HeaderItem>
          </>
        }
      >
          {(state === 'draft' || state === 'pending' || state === 'assigned') && (
            <Text size="sm" c="dimmed">
              {t('inspections:page.not_started')}
            </Text>
          )}
      </WorkflowHeader>
      {inspection.signature?.startsWith('data:image/') && !answering && (
        <Paper withBorder p="sm" radius="md" maw={360}>
          <Text size="xs" c="dimmed">
            {t('inspections:finish.signature')}
          </Text>
          <Image src={inspection.signature} alt={t('inspections:finish.signature')} h={100} fit="contain" data-testid="inspection-signature" />
        </Paper>
      )}
      {previous && (
        <Group gap={6} c="dimmed" data-testid="previous-visit">
          <IconHistory size={18} aria-hidden />
          <Text size="sm">
            {t('inspections:previous.summary', {
              code: previous.code,
              date: previous.completed_at ? formatDate(previous.completed_at, currentLocale()) : '—',
              score: previous.vehicle_score ?? '—',
            })}
          </Text>
        </Group>
      )}
      <InspectionPhotos inspection={inspection} />
      {form && fieldsQ.data && !fieldsQ.isFetching && stored.data && !previousQ.isPending ? (
        <FieldPhotosProvider fields={fieldsQ.data} editable={answering}>
          <InspectionWork
            // A new state, holder or round of answers starts the form afresh from the server.
            key={workKey}
            inspection={inspection}
            form={form}
            reminders={reminders}
            fields={fieldsQ.data}
            stored={stored.data}
            previous={previous}
            answering={answering}
            sectionActions={sectionActions}
            undo={undo}
            onFilled={setUndo}
            canTakeOver={mine.includes('take_over')}
            onReload={reload}
            onDrained={drained}
          />
        </FieldPhotosProvider>
      ) : versionQ.isError || fieldsQ.isError ? (
        <Alert color="red">{t('inspections:page.not_found')}</Alert>
      ) : (
        <Loader />
      )}
      {/* The readings and the approver after the form: on a tablet the form comes first. */}
      <Paper withBorder p="md" radius="md" data-testid="inspection-details">
        <InspectionDetails inspection={inspection} />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <CommentThread objectType="inspections" objectId={inspection.id} />
      </Paper>
    </Stack>
  );
}
