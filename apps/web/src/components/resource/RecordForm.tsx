import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  CloseButton,
  Group,
  Loader,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, get, useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useRecord } from '../../api/hooks.ts';
import { ApiError, type Model, type RelationshipValue } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { useErrorText } from '../../lib/useFieldError.ts';
import { isEmail } from '../../lib/validation.ts';
import { withParams } from '../../lib/useFieldError.ts';
import { checkVin, isPhone } from '@atelier/domain';
import { DateTimeField, DayInput } from '../DateInputs.tsx';
import { RelationSelect, type RelationConfig } from './RelationSelect.tsx';
import { LineEditor, LinesView } from './LineEditor.tsx';
import { linePath, linesDocument, linesOf, linesSchema, type LineValues, type LinesConfig } from './lines.ts';

export type FormMode = 'view' | 'edit' | 'add';

export interface FieldDef {
  name: string;
  /** i18n key of the label. */
  label: string;
  /** 'json': a structured value (a list of phones ...) kept as is; give it an `input`. */
  kind: 'text' | 'email' | 'password' | 'textarea' | 'switch' | 'select' | 'relation' | 'number' | 'money' | 'date' | 'datetime' | 'json' | 'lines';
  required?: boolean;
  /** The longest text the server takes: checked before sending, with the server's message. */
  max?: number;
  /** A format checked before sending, with the server's message: a phone number or a VIN. */
  format?: 'phone' | 'vin';
  /** Required while the other values say so (the names of an individual ...): marked and checked. */
  requiredWhen?: (values: Record<string, unknown>) => boolean;
  /** i18n key of a heading that opens a group of fields here (identity, contact, address ...). */
  section?: string;
  /** select: values with i18n keys (or raw labels). */
  options?: { value: string; label: string; raw?: boolean }[];
  relation?: RelationConfig;
  /** 'lines': a child collection edited inside the record (LineEditor), sent in its document. */
  lines?: LinesConfig;
  /** Shown only in these modes (default: all). */
  modes?: FormMode[];
  /** Not sent (computed by the server). */
  readOnly?: boolean;
  /** Custom display in view mode. */
  view?: (record: Model) => ReactNode;
  /** Full width in the grid. */
  wide?: boolean;
  /** Shown only while the other values allow it (company name of a company ...); hidden fields are not sent. */
  visible?: (values: Record<string, unknown>) => boolean;
  description?: string;
  /** A custom input for edit and add (the permission matrix ...). */
  input?: (p: { value: unknown; onChange: (v: unknown) => void; error?: string; label: string; required?: boolean; mode: FormMode; form: UseFormReturn<FieldValues> }) => ReactNode;
}

export interface RecordFormProps {
  type: string;
  id: string | null;
  mode: FormMode;
  fields: FieldDef[];
  include?: string;
  /** i18n key of the title, with {{name}} available. */
  title: string;
  titleOf?: (record: Model) => string;
  permissions: { edit?: string; delete?: string };
  onMode: (mode: FormMode | null, id?: string) => void;
  onClose?: () => void;
  /** Values of a new record (organization etc. filled from the user). */
  defaults?: Record<string, unknown>;
  /** Extra content under the form in view mode (actions, related lists). */
  children?: (record: Model) => ReactNode;
  /** Content right under the title in view mode, before the fields (what the user looks for first). */
  lead?: (record: Model) => ReactNode;
  /** Changes the document before it is sent. */
  transform?: (doc: { attributes: Record<string, unknown>; relationships: Record<string, { type: string; value: RelationshipValue }> }, mode: FormMode) => void;
  /** Extra header actions in view mode. */
  actions?: (record: Model) => ReactNode;
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

const relId = (v: unknown): string | null => (v && typeof v === 'object' && 'id' in v ? String((v as Model).id) : v == null ? null : String(v));

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

/** Form values from a record. */
export function valuesOf(fields: FieldDef[], record: Model | undefined, defaults: Record<string, unknown> = {}): FieldValues {
  const out: FieldValues = {};
  for (const f of fields) {
    const raw = record ? record[f.name] : defaults[f.name];
    if (f.kind === 'relation') {
      out[f.name] = f.relation?.many ? (Array.isArray(raw) ? raw.map((r) => relId(r)).filter(Boolean) : []) : relId(raw);
    } else if (f.kind === 'switch') out[f.name] = Boolean(raw);
    else if (f.kind === 'number' || f.kind === 'money') out[f.name] = raw === null || raw === undefined ? '' : Number(raw) / (f.kind === 'money' ? 100 : 1);
    else if (f.kind === 'password') out[f.name] = '';
    else if (f.kind === 'json') out[f.name] = raw ?? null;
    else if (f.kind === 'lines') out[f.name] = linesOf(f.lines!, raw);
    else out[f.name] = raw === null || raw === undefined ? '' : String(raw);
  }
  return out;
}

/** The zod schema of a form from its fields: messages are i18n keys. */
export function schemaOf(fields: FieldDef[], mode: FormMode) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) {
    if (f.readOnly) continue;
    let s: z.ZodType;
    switch (f.kind) {
      case 'switch':
        s = z.boolean();
        break;
      case 'json':
        s = z.any();
        break;
      case 'lines':
        s = linesSchema(f.lines!);
        break;
      case 'relation':
        s = f.relation?.many
          ? z.array(z.string()).refine((v) => !f.required || v.length > 0, 'validation:required')
          : z.string().nullable().refine((v) => !f.required || Boolean(v), 'validation:required');
        break;
      case 'number':
      case 'money':
        s = z.union([z.number(), z.literal('')]).refine((v) => !f.required || v !== '', 'validation:required');
        break;
      case 'password':
        s = z.string().refine((v) => !(f.required && mode === 'add') || v.length > 0, 'validation:required');
        break;
      default:
        s = z.string().refine((v) => !f.required || v.trim().length > 0, 'validation:required');
    }
    shape[f.name] = s;
  }
  // Rules that depend on the other values: a hidden field is not sent, so it is not checked.
  return z
    .object(shape)
    .passthrough()
    .superRefine((values, ctx) => {
      for (const f of fields) {
        if (f.readOnly || (f.visible && !f.visible(values))) continue;
        const raw = values[f.name];
        const v = typeof raw === 'string' ? raw.trim() : raw;
        const empty = v === '' || v === null || v === undefined || (Array.isArray(v) && v.length === 0);
        if (empty) {
          if (!f.required && f.requiredWhen?.(values)) ctx.addIssue({ code: 'custom', path: [f.name], message: 'validation:required' });
          continue;
        }
        if (typeof v !== 'string') continue;
        const problem = f.kind === 'email' && !isEmail(v) ? 'validation:email' : textProblem(f, v);
        if (problem) ctx.addIssue({ code: 'custom', path: [f.name], message: problem });
      }
    });
}

/**
 * What the server would say of a text before it is sent (same rules, same messages): too long,
 * not a phone number, not a VIN (17 characters, no I, O or Q). Null when it is fine.
 */
export function textProblem(f: Pick<FieldDef, 'max' | 'format'>, v: string): string | null {
  if (f.max && [...v].length > f.max) return withParams('validation:max_length', { max: f.max });
  if (f.format === 'phone' && !isPhone(v)) return 'validation:phone';
  if (f.format === 'vin') {
    const vin = checkVin(v);
    if (!vin.ok) return `validation:${vin.error}`;
  }
  return null;
}

/** The JSON:API document of a save. */
export function documentOf(fields: FieldDef[], values: FieldValues, mode: FormMode, dirty?: Record<string, unknown>) {
  const attributes: Record<string, unknown> = {};
  const relationships: Record<string, { type: string; value: RelationshipValue }> = {};
  for (const f of fields) {
    if (f.readOnly || (f.modes && !f.modes.includes(mode))) continue;
    // Lines go as the whole list (the server changes only what differs).
    if (mode === 'edit' && dirty && !dirty[f.name] && f.kind !== 'lines') continue;
    if (f.visible && !f.visible(values)) continue;
    const v = values[f.name];
    if (f.kind === 'lines' && f.lines) relationships[f.name] = { type: f.lines.type, value: linesDocument(f.lines, v as LineValues[]) };
    else if (f.kind === 'relation' && f.relation) {
      relationships[f.name] = { type: f.relation.type, value: f.relation.many ? (v as string[]) : ((v as string | null) || null) };
    } else if (f.kind === 'password') {
      if (v) attributes[f.name] = v;
    } else if (f.kind === 'number') attributes[f.name] = v === '' ? null : Number(v);
    else if (f.kind === 'money') attributes[f.name] = v === '' ? null : Math.round(Number(v) * 100);
    else if (f.kind === 'switch') attributes[f.name] = Boolean(v);
    else if (f.kind === 'json') attributes[f.name] = v;
    else attributes[f.name] = typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v;
  }
  return { attributes, relationships };
}

/**
 * Scrolls to and focuses the first field in error (spec platform §5), else the form's error
 * message. The errors were just set: React may paint them a few frames later (a server answer
 * renders outside of an event), so the field is looked for over the next frames.
 */
export function focusFirstError(root: HTMLElement | null, frames = 30) {
  requestAnimationFrame(() => {
    const el = root?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? root?.querySelector<HTMLElement>('[data-form-errors]');
    if (!el) {
      if (frames > 0) focusFirstError(root, frames - 1);
      return;
    }
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
  });
}

/** How many fields hold an error (the errors of a list's items count once per item field). */
export function countErrors(errors: Record<string, unknown> | undefined): number {
  let n = 0;
  for (const e of Object.values(errors ?? {})) {
    if (!e || typeof e !== 'object') continue;
    // A field's error ({ type, message, ref }) counts once; a list's errors are per item and field.
    const err = e as { type?: unknown; message?: unknown };
    if (typeof err.type === 'string' || typeof err.message === 'string') n++;
    else n += countErrors(e as Record<string, unknown>);
  }
  return n;
}

/** Asks before leaving a form with unsaved changes (route change or closing the drawer). */
export function useDirtyGuard(dirty: boolean) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.key !== nextLocation.key && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search));
  useEffect(() => {
    if (!dirty) return;
    const h = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', h);
    return () => window.removeEventListener('beforeunload', h);
  }, [dirty]);
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t('common:form.unsaved_title')} centered zIndex={500}>
      <Text>{t('common:form.unsaved_body')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          {t('common:actions.stay')}
        </Button>
        <Button color="red.8" onClick={() => blocker.proceed?.()} data-testid="leave-unsaved">
          {t('common:actions.leave')}
        </Button>
      </Group>
    </Modal>
  );
}

/** A day (YYYY-MM-DD) in words, in the user's language ("3 mars 1985"). */
function formatDay(value: unknown, locale: string): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return String(value ?? '');
  return new Intl.DateTimeFormat(`${locale}-CA`, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
}

/** "Supprimer le client Jean Tremblay ?": the record named, with its kind when the type has a noun. */
export function deleteQuestion(t: (key: string, o?: Record<string, unknown>) => string, exists: (key: string) => boolean, type: string, name: string): string {
  const noun = `common:records.${type}`;
  if (!name) return t('common:form.delete_question_unnamed');
  return exists(noun) ? t('common:form.delete_question', { what: t(noun), name }) : t('common:form.delete_question_plain', { name });
}

/** The heading of a group of fields, across the grid. */
function SectionTitle({ label }: { label: string }) {
  return (
    <Title order={3} size="h6" c="dimmed" tt="uppercase" fw={600} mt="xs" style={{ gridColumn: '1 / -1', letterSpacing: 0.4, borderBottom: '1px solid var(--mantine-color-default-border)', paddingBottom: 4 }} data-testid="form-section">
      {label}
    </Title>
  );
}

/** Fields grouped under their section headings (a field with `section` opens a group). */
export function sectionsOf(fields: FieldDef[]): { title?: string; fields: FieldDef[] }[] {
  const out: { title?: string; fields: FieldDef[] }[] = [];
  for (const f of fields) {
    if (f.section || out.length === 0) out.push({ title: f.section, fields: [] });
    out[out.length - 1].fields.push(f);
  }
  return out;
}

function ViewValue({ field, record }: { field: FieldDef; record: Model }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  if (field.view) return <>{field.view(record)}</>;
  const v = record[field.name];
  if (v === null || v === undefined || v === '') return <Text c="dimmed">{t('common:form.none')}</Text>;
  switch (field.kind) {
    case 'switch':
      return <Badge color={v ? 'teal' : 'gray'} variant="light">{t(v ? 'common:boolean.true' : 'common:boolean.false')}</Badge>;
    case 'relation': {
      const list = (Array.isArray(v) ? v : [v]) as Model[];
      if (list.length === 0) return <Text c="dimmed">{t('common:form.none')}</Text>;
      return (
        <Group gap={6}>
          {list.map((m) => (
            <Badge key={m.id} variant="light" tt="none">
              {field.relation?.labelOf(m) ?? m.id}
            </Badge>
          ))}
        </Group>
      );
    }
    case 'select': {
      const o = field.options?.find((x) => x.value === String(v));
      return <Text>{o ? (o.raw ? o.label : t(o.label)) : String(v)}</Text>;
    }
    case 'money':
      return <Text>{formatMoney(Number(v), locale)}</Text>;
    case 'lines':
      return <LinesView config={field.lines!} lines={v as Model[]} />;
    case 'datetime':
      return <Text>{formatDateTime(String(v), locale)}</Text>;
    case 'date':
      return <Text>{formatDay(v, locale)}</Text>;
    default:
      return <Text style={{ wordBreak: 'break-word' }}>{String(v)}</Text>;
  }
}

/**
 * View, edit and add of one record (spec platform §2 "Per-entity screens"): server validation
 * errors under their fields with a scroll to the first, a dirty-state guard, relation pickers
 * that search the server.
 */
export function RecordForm(props: RecordFormProps) {
  const { t, i18n } = useTranslation();
  const { can } = useMe();
  const errText = useErrorText();
  const qc = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const { mode } = props;
  // Silent: a record that does not exist or is out of reach (another organization's URL) gets one
  // message in place, not the error dialog as well.
  const record = useRecord<Model>(props.type, props.id, { include: props.include }, { enabled: Boolean(props.id) && mode !== 'add', meta: { silent: true } });
  const fields = props.fields.filter((f) => !f.modes || f.modes.includes(mode));
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
      notifications.show({ color: 'teal', message: t(mode === 'add' ? 'common:form.created' : 'common:form.saved') });
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
      notifications.show({ color: 'teal', message: t('common:form.deleted') });
      (props.onClose ?? (() => props.onMode(null)))();
    },
    onError: () => setConfirmDelete(false),
  });

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

  const canDelete = mode === 'view' && Boolean(props.permissions.delete) && can(props.permissions.delete);
  const canEdit = mode === 'view' && can(props.permissions.edit);
  const extra = mode === 'view' && data ? props.actions?.(data) : null;
  // The buttons go under the title and wrap, so a record with several workflow actions (a request:
  // assign, approve, complete, cancel) keeps a readable title in a drawer.
  const header = (
    <Group justify="space-between" align="flex-start" wrap="nowrap" mb="md">
      <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
        <Title order={2} size="h3" data-testid="record-title">
          {t(props.title, { name })}
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
        {sectionsOf(fields.filter((f) => f.kind !== 'password' && (!f.visible || f.visible(data)))).map((group, i) => (
          <Stack key={group.title ?? i} gap="xs">
            {group.title ? <SectionTitle label={t(group.title)} /> : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
              {group.fields.map((f) => (
                <div key={f.name} style={f.wide ? { gridColumn: '1 / -1' } : undefined}>
                  <Text component="dt" size="sm" c="dimmed" fw={500}>
                    {t(f.label)}
                  </Text>
                  <Text component="dd" m={0} data-field-view={f.name}>
                    <ViewValue field={f} record={data} />
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          </Stack>
        ))}
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
  const errorCount = countErrors(form.formState.errors as Record<string, unknown>) + general.length;
  const summary =
    form.formState.submitCount > 0 && errorCount > 0 && !save.isPending ? (
      <Alert color="red" variant="light" role="alert" data-form-errors tabIndex={-1} py={8}>
        {t('common:form.has_errors', { count: errorCount })}
      </Alert>
    ) : null;
  return (
    <form ref={formRef} onSubmit={form.handleSubmit((v) => { setGeneral([]); save.mutate(v); }, () => focusFirstError(formRef.current))} noValidate>
      {guard}
      {header}
      <Stack>
        {general.length > 0 ? (
          <Alert color="red" role="alert">
            {general.map((g) => (
              <div key={g}>{g}</div>
            ))}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {fields.filter((f) => !f.visible || f.visible(watched)).map((f) => [
            f.section ? <SectionTitle key={`section-${f.section}`} label={t(f.section)} /> : null,
            <div key={f.name} style={f.wide || f.kind === 'textarea' ? { gridColumn: '1 / -1' } : undefined}>
              <Controller
                name={f.name}
                control={form.control}
                render={({ field, fieldState }) => {
                  const common = {
                    label: t(f.label),
                    error: errText(fieldState.error?.message),
                    required: (f.required && !(f.kind === 'password' && mode === 'edit')) || Boolean(f.requiredWhen?.(watched)),
                    disabled: f.readOnly,
                    name: f.name,
                    onBlur: field.onBlur,
                    description: f.description ? t(f.description) : undefined,
                  };
                  if (f.kind === 'lines') return <LineEditor config={f.lines!} value={field.value} onChange={field.onChange} label={common.label} errors={get(form.formState.errors, f.name)} />;
                  if (f.input) return <>{f.input({ value: field.value, onChange: field.onChange, error: common.error, label: common.label, required: common.required, mode, form })}</>;
                  switch (f.kind) {
                    case 'switch':
                      return <Switch {...common} checked={Boolean(field.value)} onChange={(e) => field.onChange(e.currentTarget.checked)} mt="md" />;
                    case 'textarea':
                      return <Textarea {...common} value={field.value ?? ''} onChange={field.onChange} autosize minRows={3} />;
                    case 'date':
                      return <DayInput {...common} value={field.value} onChange={field.onChange} />;
                    case 'datetime':
                      return <DateTimeField {...common} value={field.value} onChange={field.onChange} />;
                    case 'password':
                      return <PasswordInput {...common} value={field.value ?? ''} onChange={field.onChange} autoComplete="new-password" />;
                    case 'number':
                    case 'money':
                      return (
                        <NumberInput
                          {...common}
                          value={field.value}
                          onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
                          decimalScale={f.kind === 'money' ? 2 : undefined}
                          decimalSeparator={currentLocale() === 'fr' ? ',' : '.'}
                          thousandSeparator={currentLocale() === 'fr' ? ' ' : ','}
                          suffix={f.kind === 'money' ? ' $' : undefined}
                        />
                      );
                    case 'select':
                      return (
                        <Select
                          {...common}
                          value={field.value || null}
                          onChange={(v) => field.onChange(v ?? '')}
                          data={(f.options ?? []).map((o) => ({ value: o.value, label: o.raw ? o.label : t(o.label) }))}
                          clearable={!f.required}
                        />
                      );
                    case 'relation':
                      return (
                        <RelationSelect
                          relation={f.relation!}
                          {...common}
                          value={field.value}
                          onChange={field.onChange}
                          known={knownOf(data, f.name)}
                        />
                      );
                    default:
                      return <TextInput {...common} type={f.kind === 'email' ? 'email' : 'text'} value={field.value ?? ''} onChange={field.onChange} />;
                  }
                }}
              />
            </div>,
          ])}
        </SimpleGrid>
        <Stack gap="xs" mt="md" py="sm" data-testid="record-form-footer" style={{ position: 'sticky', bottom: 0, zIndex: 3, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-default-border)' }}>
          {summary}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => (mode === 'add' ? (props.onClose ?? (() => props.onMode(null)))() : props.onMode('view'))}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="record-save">
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </Stack>
    </form>
  );
}
