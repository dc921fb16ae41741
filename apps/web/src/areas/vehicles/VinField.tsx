import { useEffect, useRef } from 'react';
import { Alert, Anchor, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconCar, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { checkVin, normalizeVin, VIN_LENGTH, type RecordOf } from '@atelier/domain';
import { request } from '../../api/client.ts';
import { ApiError, type JsonApiDocument } from '../../api/jsonapi.ts';
import { deserialize } from '../../api/documents.ts';
import { useMe } from '../../app/AppData.tsx';
import { useSelection } from '../../app/session.ts';
import type { FormMode } from '../../components/resource/formModel.ts';
import { vehicleName } from './common.tsx';

import { mergeDecode, type DecodedField } from './vinMerge.ts';

export { DECODED_FIELDS } from './vinMerge.ts';

export interface VinLookup {
  /** The organization's vehicle (decoded false) or a proposal without id (decoded true). */
  vehicle: RecordOf<'vehicles'>;
  decoded: boolean;
  plant: string | null;
  warnings: string[];
}

/** GET /vehicles/get-by-vin/{vin}?organization= : null when nothing is found (404). */
export async function lookupVin(vin: string, organization: string | null | undefined, signal?: AbortSignal): Promise<VinLookup | null> {
  try {
    const doc = await request<JsonApiDocument>(`/vehicles/get-by-vin/${encodeURIComponent(vin)}`, {
      params: organization ? { extra: { organization } } : {},
      global: false,
      signal,
    });
    // A proposal has no id: give it one for the deserialiser, then drop it.
    const data = doc.data && !Array.isArray(doc.data) && !doc.data.id ? { ...doc.data, id: '' } : doc.data;
    // One record's document: its data is one record.
    const vehicle = deserialize<RecordOf<'vehicles'>>({ ...doc, data } as JsonApiDocument) as RecordOf<'vehicles'>;
    // The lookup's free-form meta: whether it was decoded, the plant, the decoder's warnings.
    const meta = (doc.meta ?? {}) as { decoded?: boolean; plant?: string | null; warnings?: { detail?: string; title?: string }[] };
    return {
      vehicle,
      decoded: Boolean(meta.decoded),
      plant: meta.plant ?? null,
      warnings: (meta.warnings ?? []).map((w) => w.detail ?? w.title ?? '').filter(Boolean),
    };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/** Uses the lookup as the user finishes typing a VIN (17 characters of valid form). */
export function useVinLookup(raw: string, enabled = true) {
  const { me } = useMe();
  const sel = useSelection();
  const organization = sel.organization ?? me.organization?.id ?? null;
  const vin = normalizeVin(raw ?? '');
  const [debounced] = useDebouncedValue(vin, 250);
  const checked = checkVin(debounced);
  const q = useQuery({
    queryKey: ['vehicles', 'get-by-vin', debounced, organization],
    queryFn: ({ signal }) => lookupVin(debounced, organization, signal),
    enabled: enabled && checked.ok,
    retry: false,
    staleTime: 0,
    meta: { silent: true },
  });
  return { vin, debounced, checked, q, settled: debounced === vin };
}

interface Props {
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string;
  label: string;
  required?: boolean;
  mode: FormMode;
  form: UseFormReturn<FieldValues>;
  /** Link to an existing vehicle. */
  hrefOf: (id: string) => string;
  /** The decoded fields the user typed by hand, kept over the last decode (marked beside them). */
  onTyped?: (fields: DecodedField[]) => void;
}

/**
 * The VIN input of the vehicle form: upper-cased as typed or pasted; on the add screen, a VIN of
 * 17 characters is looked up and the form fills itself from the decode, or the user is told the
 * vehicle already exists. A doubtful check digit is a warning, never an error.
 */
export function VinField({ value, onChange, error, label, required, mode, form, hrefOf, onTyped }: Props) {
  const { t } = useTranslation();
  const text = String(value ?? '');
  const { vin, debounced, q, settled } = useVinLookup(text, mode === 'add');
  // The VIN last applied to the form, and what its decode put there (the next decode replaces it).
  const appliedVin = useRef<string | null>(null);
  const appliedValues = useRef<Partial<Record<DecodedField, unknown>>>({});
  const result = q.data;

  // A new decode replaces every decoded field (a VIN the database does not know empties them);
  // what the user typed by hand stays, and is marked (vinMerge.ts).
  useEffect(() => {
    if (mode !== 'add' || !q.isSuccess || q.isFetching || debounced !== vin || appliedVin.current === debounced) return;
    if (result && !result.decoded) return; // an existing vehicle: the user is sent to it
    appliedVin.current = debounced;
    const merge = mergeDecode(form.getValues(), appliedValues.current, result?.vehicle ?? {});
    appliedValues.current = merge.applied;
    for (const [name, v] of Object.entries(merge.set)) form.setValue(name, v, { shouldDirty: true, shouldValidate: true });
    onTyped?.(merge.typed);
  }, [result, q.isSuccess, q.isFetching, debounced, vin, mode, form, onTyped]);

  const local = checkVin(vin);
  const formError = vin.length === VIN_LENGTH && !local.ok ? t(`vehicles:vin.${local.error}`) : undefined;
  const busy = mode === 'add' && local.ok && (!settled || q.isFetching);

  let status = null;
  if (mode === 'add' && local.ok && settled && !q.isFetching) {
    if (q.isError) {
      const e = q.error;
      status = (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="vin-status" data-status="error">
          {e instanceof ApiError ? (e.errors.at(-1)?.detail ?? e.errors.at(-1)?.title ?? t('vehicles:vin.lookup_failed')) : t('vehicles:vin.lookup_failed')}
        </Alert>
      );
    } else if (result === null) {
      status = (
        <Alert color="gray" icon={<IconInfoCircle size={18} />} data-testid="vin-status" data-status="not-found">
          <Text size="sm" fw={500}>{t('vehicles:vin.not_found')}</Text>
          <Text size="sm">{t('vehicles:vin.not_found_hint')}</Text>
        </Alert>
      );
    } else if (result && !result.decoded) {
      status = (
        <Alert color="orange" icon={<IconCar size={18} />} data-testid="vin-status" data-status="exists">
          <Text size="sm" fw={500}>{t('vehicles:vin.exists', { name: vehicleName(result.vehicle) })}</Text>
          <Anchor component={Link} to={hrefOf(result.vehicle.id)} size="sm" data-testid="vin-existing-link">
            {t('vehicles:vin.open_existing')}
          </Anchor>
        </Alert>
      );
    } else if (result) {
      status = (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="vin-status" data-status="decoded">
          <Text size="sm" fw={500}>{t('vehicles:vin.decoded', { name: vehicleName(result.vehicle) })}</Text>
          <Text size="sm">{result.plant ? t('vehicles:vin.decoded_plant', { plant: result.plant }) : t('vehicles:vin.decoded_hint')}</Text>
        </Alert>
      );
    }
  }
  // The check-digit warning: the server's (meta.warnings) on the add screen, the same rule locally when editing.
  const warnings =
    mode === 'add' && result && settled
      ? result.warnings
      : mode === 'edit' && local.ok && !local.checkDigitValid
        ? [t('vehicles:vin.check_digit', { expected: local.expectedCheckDigit })]
        : [];

  return (
    <Stack gap="xs">
      <TextInput
        label={label}
        required={required}
        value={text}
        onChange={(e) => onChange(normalizeVin(e.currentTarget.value).slice(0, VIN_LENGTH))}
        onPaste={(e) => {
          e.preventDefault();
          onChange(normalizeVin(e.clipboardData.getData('text')).slice(0, VIN_LENGTH));
        }}
        error={error ?? formError}
        name="vin"
        autoComplete="off"
        spellCheck={false}
        maxLength={VIN_LENGTH + 6}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: 1 } }}
        description={mode === 'add' ? t('vehicles:vin.hint', { count: vin.length, max: VIN_LENGTH }) : undefined}
        rightSection={busy ? <Loader size="xs" aria-label={t('vehicles:vin.looking_up')} /> : null}
        data-testid="vin-input"
        data-autofocus={mode === 'add' ? true : undefined}
      />
      {status}
      {warnings.map((w) => (
        <Alert key={w} color="yellow" icon={<IconAlertTriangle size={18} />} role="status" data-testid="vin-warning">
          <Group gap={4}>
            <Text size="sm" fw={500}>{t('vehicles:vin.warning_title')}</Text>
            <Text size="sm">{w}</Text>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
