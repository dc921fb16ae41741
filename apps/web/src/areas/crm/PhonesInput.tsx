import { ActionIcon, Button, Group, Input, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PHONE_TYPES, type Phone } from '@atelier/domain';
import { isOneOf } from '../../lib/enums.ts';
import { useErrorText } from '../../lib/useFieldError.ts';
import { phoneTypeLabel, phoneTypes } from './common.tsx';

const MAX = 10;

/** The phones of a contact: number, type and extension per line (spec platform §3 Contact). */
type ItemErrors = { number?: { message?: string }; type?: { message?: string }; extension?: { message?: string }; message?: string }[];

export function PhonesInput({
  value,
  onChange,
  label,
  error,
  itemErrors,
}: {
  value: unknown;
  onChange: (v: Phone[]) => void;
  label: string;
  error?: string;
  /** Server errors per line and field (phones.1.number). */
  itemErrors?: ItemErrors;
}) {
  const { t } = useTranslation();
  const errText = useErrorText();
  // The form holds the contact's phones as its record gave them (declared as a list of Phone).
  const phones = (Array.isArray(value) ? value : []) as Phone[];
  const set = (i: number, patch: Partial<Phone>) => onChange(phones.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <Input.Wrapper label={label} error={error} data-testid="phones">
      <Stack gap="xs" mt={4}>
        {phones.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('contacts:no_phones')}
          </Text>
        ) : null}
        {phones.map((p, i) => (
          <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label={t('contacts:phone_number')}
              value={p.number ?? ''}
              onChange={(e) => set(i, { number: e.currentTarget.value })}
              style={{ flex: 2 }}
              type="tel"
              data-testid={`phone-${i}-number`}
              error={errText(itemErrors?.[i]?.number?.message ?? itemErrors?.[i]?.message)}
            />
            <Select
              label={t('contacts:phone_type')}
              data={phoneTypes()}
              value={p.type ?? null}
              onChange={(v) => set(i, { type: isOneOf(PHONE_TYPES, v) ? v : 'MOBILE' })}
              allowDeselect={false}
              style={{ flex: 1.4 }}
              data-testid={`phone-${i}-type`}
              error={errText(itemErrors?.[i]?.type?.message)}
            />
            <TextInput
              label={t('contacts:phone_extension')}
              value={p.extension ?? ''}
              onChange={(e) => set(i, { extension: e.currentTarget.value })}
              style={{ flex: 1 }}
              inputMode="numeric"
              data-testid={`phone-${i}-extension`}
              error={errText(itemErrors?.[i]?.extension?.message)}
            />
            <ActionIcon variant="subtle" color="red.8" size="lg" mt={25} onClick={() => onChange(phones.filter((_, j) => j !== i))} aria-label={t('contacts:remove_phone')}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {phones.length < MAX ? (
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...phones, { number: '', type: 'MOBILE', extension: null }])}
            style={{ alignSelf: 'flex-start' }}
            data-testid="phone-add"
          >
            {t('contacts:add_phone')}
          </Button>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}

/** Phones as read in a list or a record view: "514 555-0142 (Cellulaire), 514 555-0600 poste 221 (Travail)". */
export function phonesText(phones: readonly Phone[] | null | undefined, ext: string): string {
  return (phones ?? []).map((p) => `${p.number}${p.extension ? ` ${ext} ${p.extension}` : ''} (${phoneTypeLabel(p.type)})`).join(', ');
}
