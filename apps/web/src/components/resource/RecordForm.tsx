import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, CloseButton, Group, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notify } from '../../app/notify.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { Permission } from '@atelier/domain';
import { api } from '../../api/client.ts';
import { useRecord } from '../../api/hooks.ts';
import { ApiError, type Model } from '../../api/jsonapi.ts';
import type { RelationshipValue } from '../../api/documents.ts';
import { useMe } from '../../app/AppData.tsx';
import { useErrorText } from '../../lib/useFieldError.ts';
import { FieldInput } from './FieldInput.tsx';
import { linePath } from './lines.ts';
import { focusFirstError, GeneralErrors, useDirtyGuard } from './formBehaviour.tsx';
import { countErrors, deleteQuestion, documentOf, fieldsFor, schemaOf, valuesOf, type FieldDef, type FormMode } from './formModel.ts';
import { RecordFields, SectionTitle } from './RecordView.tsx';
import { typeText } from '../../app/resources.ts';
import { DialogFooter } from '../DialogFooter.tsx';

export interface RecordFormProps<R extends Model = Model> {
  type: string;
  id: string | null;
  mode: FormMode;
  fields: FieldDef<R>[];
  include?: string;
  /** i18n key of the title, with {{name}} available (default the type's `new` or `record`). */
  title?: string;
  titleOf?: (record: R) => string;
  /** The permission each needs (none: anyone); edit null: the record may not be edited now (its state keeps it). */
  permissions: { edit?: Permission | null; delete?: Permission };
  /**
   * False when the record's state keeps it from being edited or deleted (a workflow's non-editable
   * state: the server answers 409): no Edit or Delete for it, and an edit URL shows it read only.
   */
  editable?: (record: R) => boolean;
  onMode: (mode: FormMode | null, id?: string) => void;
  onClose?: () => void;
  /** Values of a new record (organization etc. filled from the user). */
  defaults?: Record<string, unknown>;
  /** Extra content under the form in view mode (actions, related lists). */
  children?: (record: R) => ReactNode;
  /** Content right under the title in view mode, before the fields (what the user looks for first). */
  lead?: (record: R) => ReactNode;
  /** Changes the document before it is sent. */
  transform?: (doc: { attributes: Record<string, unknown>; relationships: Record<string, { type: string; value: RelationshipValue }> }, mode: FormMode) => void;
  /** Extra header actions in view mode. */
  actions?: (record: R) => ReactNode;
  /**
   * Asked before a save (e.g. "is it the same person?"): resolve false to cancel it quietly.
   * The document is the one about to be sent.
   */
  confirmSave?: (doc: { attributes: Record<string, unknown> }, mode: FormMode, id: string | null) => Promise<boolean>;
}

/** A save the user called off in confirmSave (an AbortError: no error dialog). */
class SaveCancelled extends Error {
  override name = 'AbortError';
}

const knownCache = new WeakMap<Model, Map<string, Model[]>>();
/** The related records already loaded with the form (stable per record and field). */
function knownOf(record: Model | undefined, name: string): Model[] {
  if (!record) return [];
  let m = knownCache.get(record);
  if (!m) knownCache.set(record, (m = new Map()));
  let v = m.get(name);
  if (!v) {
    const raw = record[name];
    v = (Array.isArray(raw) ? raw : raw ? [raw] : []) as Model[];
    m.set(name, v);
  }
  return v;
}

/**
 * View, edit and add of one record (spec platform §2 "Per-entity screens"): server validation
 * errors under their fields with a scroll to the first, a dirty-state guard, relation pickers
 * that search the server.
 */
export function RecordForm<R extends Model = Model>(props: RecordFormProps<R>) {
  const { t, i18n } = useTranslation();
  const { can } = useMe();
  const errText = useErrorText();
  const qc = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const { mode } = props;
  // Silent: a record that does not exist or is out of reach (another organization's URL) gets one
  // message in place, not the error dialog as well.
  const record = useRecord<R>(props.type, props.id, { include: props.include }, { enabled: Boolean(props.id) && mode !== 'add', meta: { silent: true } });
  const fields = fieldsFor(props.fields, mode);
  const schema = useMemo(() => schemaOf(fields, mode), [fields.map((f) => f.name).join(), mode]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<FieldValues>({ resolver: zodResolver(schema as never) as never, defaultValues: valuesOf(fields, undefined, props.defaults) });

  useEffect(() => {
    if (mode === 'add') form.reset(valuesOf(fields, undefined, props.defaults));
    else if (record.data) form.reset(valuesOf(fields, record.data));
  }, [record.data, mode]); // eslint-disable-line react-hooks/exhaustive-deps

  const save = useMutation({
    meta: { form: true },
    mutationFn: async (values: FieldValues) => {
      const doc = documentOf(fields, values, mode, mode === 'edit' ? (form.formState.dirtyFields as Record<string, unknown>) : undefined);
      props.transform?.(doc, mode);
      if (props.confirmSave && !(await props.confirmSave(doc, mode, props.id))) throw new SaveCancelled();
      const params = props.include ? { include: props.include } : {};
      return mode === 'add'
        ? api.create({ type: props.type, ...doc }, params)
        : api.update({ type: props.type, id: props.id as string, ...doc }, params);
    },
    onSuccess: (saved) => {
      form.reset(valuesOf(fields, saved));
      void qc.invalidateQueries({ queryKey: [props.type] });
      notify({ color: 'teal', message: t(mode === 'add' ? 'common:form.created' : 'common:form.saved') });
      // Let the form settle (not dirty) before navigating away.
      setTimeout(() => props.onMode('view', saved.id), 0);
    },
    onError: (e) => {
      if (e instanceof SaveCancelled || !(e instanceof ApiError) || e.status !== 422) return;
      const names = new Set(fields.map((f) => f.name));
      const rest: string[] = [];
      // Errors inside a structured value (/data/attributes/phones/1/number) go to that item: phones.1.number.
      const json = new Set(fields.filter((f) => f.kind === 'json').map((f) => f.name));
      const nested = new Set<string>();
      // Errors of a line (/data/relationships/supplierProducts/data/2/attributes/cost) go to its cell.
      const lines = new Set(fields.filter((f) => f.kind === 'lines').map((f) => f.name));
      for (const err of e.errors) {
        const path = linePath(err.source?.pointer, lines);
        if (!path) continue;
        form.setError(path, { type: 'server', message: err.detail ?? err.title ?? '' });
        nested.add(path.split('.')[0]);
      }
      for (const err of e.errors) {
        const m = /^\/data\/attributes\/([^/]+)\/(.+)$/.exec(err.source?.pointer ?? '');
        if (!m || !json.has(m[1])) continue;
        form.setError(`${m[1]}.${m[2].replace(/\//g, '.')}`, { type: 'server', message: err.detail ?? err.title ?? '' });
        nested.add(m[1]);
      }
      for (const [name, message] of Object.entries(e.fieldErrors)) {
        if (nested.has(name)) continue;
        if (names.has(name)) form.setError(name, { type: 'server', message });
        else rest.push(message);
      }
      for (const g of e.generalErrors) rest.push(g.detail ?? g.title ?? '');
      setGeneral(rest.filter(Boolean));
      focusFirstError(formRef.current);
    },
  });

  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.remove(props.type, props.id as string),
    onSuccess: () => {
      setConfirmDelete(false);
      void qc.invalidateQueries({ queryKey: [props.type] });
      notify({ color: 'teal', message: t('common:form.deleted') });
      (props.onClose ?? (() => props.onMode(null)))();
    },
    onError: () => setConfirmDelete(false),
  });

  // A record its state locks (validated, canceled...) is only read, even from an edit URL.
  const locked = Boolean(record.data && props.editable && !props.editable(record.data));
  useEffect(() => {
    if (locked && mode === 'edit') props.onMode('view', props.id ?? undefined);
  }, [locked, mode]); // eslint-disable-line react-hooks/exhaustive-deps

  const watched = form.watch();
  const guard = useDirtyGuard(mode !== 'view' && form.formState.isDirty && !save.isPending && !save.isSuccess);

  if (mode !== 'add' && record.isPending) return <Loader m="xl" />;
  if (mode !== 'add' && !record.data) {
    const missing = !(record.error instanceof ApiError) || record.error.status === 404 || record.error.status === 403 || record.error.status === 400;
    return (
      <Alert
        color="red"
        title={t(missing ? 'common:form.record_not_found_title' : 'errors:dialog_title')}
        data-testid="record-not-found"
        withCloseButton={Boolean(props.onClose)}
        onClose={props.onClose}
        closeButtonLabel={t('common:actions.close')}
      >
        {missing ? t('common:form.record_not_found') : errText(record.error instanceof ApiError ? (record.error.errors[0]?.detail ?? record.error.errors[0]?.title) : undefined)}
      </Alert>
    );
  }
  const data = record.data;
  const name = data ? (props.titleOf?.(data) ?? String(data.name ?? '')) : '';

  const canDelete = mode === 'view' && !locked && Boolean(props.permissions.delete) && can(props.permissions.delete);
  const canEdit = mode === 'view' && !locked && props.permissions.edit !== null && can(props.permissions.edit);
  const extra = mode === 'view' && data ? props.actions?.(data) : null;
  // The buttons go under the title and wrap, so a record with several workflow actions (a request:
  // assign, approve, complete, cancel) keeps a readable title in a drawer.
  const header = (
    <Group justify="space-between" align="flex-start" wrap="nowrap" mb="md">
      <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
        <Title order={2} size="h3" data-testid="record-title">
          {t(props.title ?? typeText(props.type, props.mode === 'add' ? 'new' : 'record'), { name })}
        </Title>
        {extra || canDelete || canEdit ? (
          <Group gap="xs" wrap="wrap">
            {extra}
            {canDelete ? (
              <Button variant="subtle" color="red.8" onClick={() => setConfirmDelete(true)} data-testid="record-delete">
                {t('common:actions.delete')}
              </Button>
            ) : null}
            {canEdit ? (
              <Button variant="light" onClick={() => props.onMode('edit')} data-testid="record-edit">
                {t('common:actions.edit')}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
      {props.onClose ? <CloseButton onClick={props.onClose} aria-label={t('common:actions.close')} /> : null}
    </Group>
  );

  if (mode === 'view' && data) {
    return (
      <Stack>
        {header}
        {props.lead?.(data)}
        <RecordFields fields={fields} record={data} />
        {props.children?.(data)}
        <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title={t('common:form.delete_title')} centered zIndex={400}>
          <Text fw={600} data-testid="record-delete-question">
            {deleteQuestion(t, (k) => i18n.exists(k), props.type, name)}
          </Text>
          <Text mt="xs">{t('common:form.delete_body')}</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => setConfirmDelete(false)} data-autofocus>
              {t('common:actions.cancel')}
            </Button>
            <Button color="red.8" loading={remove.isPending} onClick={() => remove.mutate()} data-testid="record-delete-confirm">
              {t('common:actions.delete')}
            </Button>
          </Group>
        </Modal>
      </Stack>
    );
  }

  // Spec platform §5: after a refused save, say there are errors where the user is looking (the
  // footer with the save button stays in view) and take them to the first one.
  // Refusals of no field (a package's user limit) are said as they are: no field is marked in red.
  const fieldErrors = countErrors(form.formState.errors as Record<string, unknown>);
  const errorCount = fieldErrors + general.length;
  const summary =
    form.formState.submitCount > 0 && errorCount > 0 && !save.isPending ? (
      <Alert color="red" variant="light" role="alert" data-form-errors tabIndex={-1} py={8}>
        {fieldErrors ? t('common:form.has_errors', { count: errorCount }) : general.join(' ')}
      </Alert>
    ) : null;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit((v) => { setGeneral([]); save.mutate(v); }, () => focusFirstError(formRef.current))} noValidate>
      {guard}
      {header}
      <Stack>
        <GeneralErrors errors={general} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {fields.filter((f) => !f.visible || f.visible(watched)).map((f) => [
            f.section ? <SectionTitle key={`section-${f.section}`} label={t(f.section)} /> : null,
            <div key={f.name} style={f.wide || f.kind === 'textarea' ? { gridColumn: '1 / -1' } : undefined}>
              <FieldInput field={f} mode={mode} form={form} values={watched} known={knownOf(data, f.name)} />
            </div>,
          ])}
        </SimpleGrid>
        <Stack gap="xs" mt="md" py="sm" data-testid="record-form-footer" style={{ position: 'sticky', bottom: 0, zIndex: 3, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-default-border)' }}>
          {summary}
          <DialogFooter onCancel={() => (mode === 'add' ? (props.onClose ?? (() => props.onMode(null)))() : props.onMode('view'))}>
            <Button type="submit" loading={save.isPending} data-testid="record-save">
              {t('common:actions.save')}
            </Button>
          </DialogFooter>
        </Stack>
      </Stack>
    </form>
  );
}
