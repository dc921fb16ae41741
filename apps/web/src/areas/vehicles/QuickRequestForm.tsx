import { useEffect, useMemo, useRef, useState } from 'react';
import { Anchor, Button, CloseButton, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notify } from '../../app/notify.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconCar, IconCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_REQUEST_PRIORITY, REQUEST_TYPES, REQUEST_TYPE_PERMISSIONS, checkVin, normalizeVin, type RecordOf } from '@atelier/domain';
import { api } from '../../api/client.ts';
import { useList, useRecord } from '../../api/hooks.ts';
import { ApiError } from '../../api/jsonapi.ts';
import type { RelationshipValue } from '../../api/documents.ts';
import { useMe } from '../../app/AppData.tsx';
import { useSelection } from '../../app/session.ts';
import { labelKey } from '../../components/resource/declared.tsx';
import { focusFirstError, GeneralErrors } from '../../components/resource/formBehaviour.tsx';
import { relationOf } from '../../components/resource/recordNames.tsx';
import { RelationSelect, singleId } from '../../components/resource/RelationSelect.tsx';
import { activeUsers, newRecordLocations, odometerText, vehicleName } from './common.tsx';
import { DateTimeInput } from '../../components/DateTimeInput.tsx';
import { requestEnums } from './enums.ts';
import { DialogFooter } from '../../components/DialogFooter.tsx';

type Vehicle = RecordOf<'vehicles'>;
type Errors = Partial<Record<'vehicle' | 'customer' | 'type' | 'priority' | 'assignedTo' | 'due_at' | 'notes', string>>;

/** Field of the form for a server error pointer. */
const FIELD_OF: Record<string, keyof Errors> = {
  vehicle: 'vehicle',
  vehicle_vin: 'vehicle',
  vehicle_sku: 'vehicle',
  customer: 'customer',
  type: 'type',
  priority: 'priority',
  assignedTo: 'assignedTo',
  due_at: 'due_at',
  notes: 'notes',
};

/**
 * Quick request creation (form mode add_quick_request, spec §2): what a service advisor needs at
 * the counter. The vehicle is found by VIN, plate or stock number as they type; a VIN not in the
 * system is kept on the request as typed. The customer is picked from the CRM (the vehicle's own
 * customer by default); a user who may not see customers writes the name, kept in the notes.
 */
export function QuickRequestForm({ onCreated, onClose }: { onCreated: (id: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { me, can } = useMe();
  const sel = useSelection();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const formRef = useRef<HTMLFormElement>(null);
  const types = REQUEST_TYPES.filter((ty) => can(REQUEST_TYPE_PERMISSIONS[ty]));
  const [query, setQuery] = useState('');
  const [vehicle, setVehicle] = useState<Vehicle | null>(null);
  const [customer, setCustomer] = useState('');
  const canPickCustomer = can('view any customers');
  // From a customer's record: ?customer=<id> chooses the customer and offers its vehicles.
  const presetCustomer = params.get('customer');
  const [customerId, setCustomerId] = useState<string | null>(presetCustomer);
  const [type, setType] = useState<string>(types[0] ?? 'inspection');
  const [priority, setPriority] = useState(String(DEFAULT_REQUEST_PRIORITY));
  const [dueAt, setDueAt] = useState('');
  const [assignee, setAssignee] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string[]>([]);

  // From a vehicle's screen: ?vehicle=<id> chooses it.
  const preset = useRecord<Vehicle>('vehicles', params.get('vehicle'), {}, { meta: { silent: true } });
  useEffect(() => {
    if (preset.data) setVehicle(preset.data);
  }, [preset.data]);

  const text = query.trim();
  const [q] = useDebouncedValue(text, 250);
  const found = useList<Vehicle>('vehicles', { page: { number: 1, size: 5 }, sort: '-created_at', filter: { search: q } }, { enabled: !vehicle && q.length >= 3, meta: { silent: true } });
  const matches = useMemo(() => (vehicle || q.length < 3 ? [] : (found.data?.data ?? [])), [vehicle, q, found.data]);
  // The chosen customer's vehicles, offered before anything is typed.
  const owned = useList<Vehicle>('vehicles', { page: { number: 1, size: 10 }, sort: '-created_at', include: 'customer,allowedLocations', filter: { customer: customerId ?? '' } }, {
    enabled: Boolean(customerId) && !vehicle && text.length === 0 && can('view any vehicles'),
    meta: { silent: true },
  });
  const ownedVehicles = !vehicle && text.length === 0 && customerId ? (owned.data?.data ?? []) : [];
  const vin = checkVin(text);
  const searching = !vehicle && text.length >= 3 && (q !== text || found.isFetching);

  // The vehicle's customer is the request's, unless one was chosen.
  useEffect(() => {
    const owner = vehicle?.customer;
    if (owner && !customerId) setCustomerId(owner.id);
  }, [vehicle]); // eslint-disable-line react-hooks/exhaustive-deps

  // An exact VIN or plate picks its vehicle without a click.
  useEffect(() => {
    if (vehicle || matches.length !== 1) return;
    const m = matches[0];
    const norm = normalizeVin(text);
    if (m.vin === norm || String(m.registration_number ?? '').replace(/\s/g, '') === norm || String(m.sku ?? '').toUpperCase() === text.toUpperCase()) setVehicle(m);
  }, [matches, vehicle, text]);

  const save = useMutation({
    meta: { form: true },
    mutationFn: () => {
      const attributes: Record<string, unknown> = {
        type,
        priority: Number(priority),
        due_at: dueAt || null,
        notes: [customer.trim() ? `${t('requests:quick.customer_prefix')} ${customer.trim()}` : '', notes.trim()].filter(Boolean).join('\n') || null,
      };
      const relationships: Record<string, { type: string; value: RelationshipValue }> = {};
      if (vehicle) relationships.vehicle = { type: 'vehicles', value: vehicle.id };
      else if (vin.ok) attributes.vehicle_vin = vin.vin;
      else if (text) attributes.vehicle_sku = text;
      // The vehicle's locations when it has some, else the user's (spec §5).
      const vehicleLocations = (vehicle?.allowedLocations ?? []).map((l) => l.id);
      relationships.allowedLocations = { type: 'locations', value: vehicleLocations.length ? vehicleLocations : newRecordLocations(me, sel) };
      if (customerId) relationships.customer = { type: 'customers', value: customerId };
      if (assignee) relationships.assignedTo = { type: 'users', value: assignee };
      return api.create({ type: 'requests', attributes, relationships });
    },
    onSuccess: (saved) => {
      void qc.invalidateQueries({ queryKey: ['requests'] });
      notify({ color: 'teal', message: t('requests:quick.created') });
      onCreated(saved.id);
    },
    onError: (e) => {
      if (!(e instanceof ApiError) || e.status !== 422) return;
      const next: Errors = {};
      const rest: string[] = [];
      for (const [name, message] of Object.entries(e.fieldErrors)) {
        const f = FIELD_OF[name];
        if (f && !next[f]) next[f] = message;
        else if (!f) rest.push(message);
      }
      for (const g of e.generalErrors) rest.push(g.detail ?? g.title ?? '');
      setErrors(next);
      setGeneral(rest.filter(Boolean));
      focusFirstError(formRef.current);
    },
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setGeneral([]);
    const next: Errors = {};
    if (!vehicle && !text) next.vehicle = t('requests:quick.vehicle_required');
    else if (!vehicle && text.length === 17 && !vin.ok) next.vehicle = t(`vehicles:vin.${vin.error}`);
    setErrors(next);
    if (Object.keys(next).length > 0) return focusFirstError(formRef.current);
    save.mutate();
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid="quick-request-form">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="md">
        <div>
          <Title order={2} size="h3" data-testid="record-title">
            {t('requests:quick.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('requests:quick.intro')}
          </Text>
        </div>
        <CloseButton onClick={onClose} aria-label={t('common:actions.close')} />
      </Group>
      <Stack>
        <GeneralErrors errors={general} />

        {vehicle ? (
          <Paper withBorder p="sm" radius="md" data-testid="quick-vehicle-chosen">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <IconCar size={22} aria-hidden />
                <div>
                  <Text fw={600}>{vehicleName(vehicle)}</Text>
                  <Text size="sm" c="dimmed" ff="monospace">
                    {[vehicle.vin, vehicle.registration_number, vehicle.sku].filter(Boolean).join(' · ')}
                  </Text>
                </div>
              </Group>
              <Button variant="subtle" size="compact-sm" onClick={() => setVehicle(null)} data-testid="quick-vehicle-change">
                {t('requests:quick.change_vehicle')}
              </Button>
            </Group>
          </Paper>
        ) : (
          <Stack gap={6}>
            <TextInput
              label={t('requests:quick.vehicle')}
              description={t('requests:quick.vehicle_hint')}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              error={errors.vehicle}
              required
              autoComplete="off"
              data-autofocus
              data-testid="quick-vehicle"
            />
            {ownedVehicles.length > 0 ? (
              <Text size="sm" c="dimmed" data-testid="quick-customer-vehicles">
                {t('requests:quick.customer_vehicles')}
              </Text>
            ) : null}
            {[...ownedVehicles, ...matches].map((m) => (
              <UnstyledButton key={m.id} onClick={() => setVehicle(m)} data-testid="quick-vehicle-match">
                <Paper withBorder p="xs" radius="md">
                  <Group gap="sm" wrap="nowrap">
                    <IconCheck size={16} aria-hidden opacity={0.4} />
                    <div>
                      <Text size="sm" fw={600}>{vehicleName(m)}</Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {[m.vin, m.registration_number, m.sku, odometerText(m)].filter(Boolean).join(' · ')}
                      </Text>
                    </div>
                  </Group>
                </Paper>
              </UnstyledButton>
            ))}
            {!searching && text.length >= 3 && matches.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="quick-vehicle-none">
                {vin.ok ? t('requests:quick.vin_not_in_system') : t('requests:quick.no_vehicle')}{' '}
                {can('create vehicles') ? (
                  <Anchor component={Link} to="/vehicles/vehicles?action=add" size="sm">
                    {t('requests:quick.add_vehicle')}
                  </Anchor>
                ) : null}
              </Text>
            ) : null}
          </Stack>
        )}

        {canPickCustomer ? (
          <Stack gap={4}>
            <RelationSelect relation={relationOf('customers')} label={t('requests:quick.customer')} value={customerId} onChange={(v) => setCustomerId(singleId(v))} error={errors.customer} name="customer" />
            {can('create customers') ? (
              <Anchor component={Link} to="/crm/customers?action=add" size="sm">
                {t('requests:quick.new_customer')}
              </Anchor>
            ) : null}
          </Stack>
        ) : (
          <TextInput label={t('requests:quick.customer')} description={t('requests:quick.customer_hint')} value={customer} onChange={(e) => setCustomer(e.currentTarget.value)} data-testid="quick-customer" />
        )}

        <Stack gap={4}>
          <Text size="sm" fw={500} id="quick-type-label">
            {t(labelKey('requests', 'type'))}
          </Text>
          <SegmentedControl aria-labelledby="quick-type-label" value={type} onChange={setType} data={types.map((ty) => ({ value: ty, label: requestEnums.type(ty) }))} data-testid="quick-type" fullWidth />
          {errors.type ? <Text size="xs" c="red.9">{errors.type}</Text> : null}
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="quick-priority-label">
            {t(labelKey('requests', 'priority'))}
          </Text>
          <SegmentedControl
            aria-labelledby="quick-priority-label"
            value={priority}
            onChange={setPriority}
            data={requestEnums.priorities().map((o) => ({ value: o.value, label: o.label }))}
            color={priority === '30' ? 'red' : priority === '20' ? 'yellow.7' : 'gray'}
            data-testid="quick-priority"
            fullWidth
          />
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {can('assign requests') ? (
            <RelationSelect relation={activeUsers} label={t(labelKey('requests', 'assignedTo'))} value={assignee} onChange={(v) => setAssignee(singleId(v))} error={errors.assignedTo} name="assignedTo" />
          ) : null}
          <DateTimeInput label={t(labelKey('requests', 'due_at'))} value={dueAt} onChange={setDueAt} error={errors.due_at} name="due_at" />
        </SimpleGrid>
        <Textarea label={t(labelKey('requests', 'notes'))} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} autosize minRows={2} error={errors.notes} />
        <DialogFooter onCancel={onClose} mt="sm">
          <Button type="submit" loading={save.isPending} data-testid="quick-save">
            {t('requests:quick.submit')}
          </Button>
        </DialogFooter>
      </Stack>
    </form>
  );
}
