import { ActionIcon, Badge, Button, Group, NumberInput, SimpleGrid, Slider, Stack, Text, Textarea } from '@mantine/core';
import { IconCircleCheck, IconCircleOff, IconCircleX, IconMinus, IconPlus, IconReplace, type Icon } from '@tabler/icons-react';
import { parseRangeOption, finiteNumber, WIDGET_MEASURES, WIDGET_OPTIONS, type FieldType, type WidgetOption } from '@atelier/domain';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/index.ts';
import type { AnswerValue, FormField, WidgetValue } from './model.ts';

/**
 * One answer control per field type, touch first: every target is at least 48 px high (gloves,
 * a 1024×768 tablet), a choice shows its state by fill, icon and text, never by colour alone.
 * Shared by the form preview and the inspection screen.
 */
export interface ControlProps {
  field: FormField;
  value: AnswerValue;
  onChange: (value: AnswerValue) => void;
  /** The field's name, for assistive technology. */
  label: string;
  disabled?: boolean;
}

export const TOUCH = 48;

/**
 * Good, warning, bad and neutral as drawn on filled buttons and badges (with `autoContrast`): shades
 * whose text reaches 4.5:1 (white on teal.9, red.9 and gray.7; black on yellow.5). Mantine's
 * green and orange reach it with neither.
 */
export const TONES = { good: 'teal.9', warn: 'yellow.5', bad: 'red.9', neutral: 'gray.7' } as const;
/**
 * A chosen button keeps its colour under the pointer (Mantine lightens teal.9 to teal.8 on hover,
 * 3.9:1 under white text); a finger on a tablet leaves the pointer there after the tap.
 */
const steadyHover = { '--button-hover': 'var(--button-bg)' } as CSSProperties;

/** French writes decimals with a comma, as the other number inputs of the app do. */
export const decimalSeparator = () => (currentLocale() === 'fr' ? ',' : '.');

/** A big button that is on or off (aria-pressed). */
export function ToggleButton(props: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
  color?: string;
  icon?: ReactNode;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <Button
      size="lg"
      mih={TOUCH}
      variant={props.pressed ? 'filled' : 'default'}
      style={props.pressed ? steadyHover : undefined}
      color={props.color}
      autoContrast
      aria-pressed={props.pressed}
      leftSection={props.icon}
      onClick={props.onClick}
      disabled={props.disabled}
      data-testid={props.testId}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
    >
      {props.children}
    </Button>
  );
}


export function CheckControl({ value, onChange, label, disabled }: ControlProps) {
  const { t } = useTranslation();
  // "no" is offered even when the form gives it no points: the inspector still answers it.
  const choices: [boolean, string, Icon, string][] = [
    [true, t('inspections:check.yes'), IconCircleCheck, TONES.good],
    [false, t('inspections:check.no'), IconCircleX, TONES.bad],
  ];
  return (
    <Group gap="sm" role="group" aria-label={label} grow maw={420}>
      {choices.map(([v, text, I, color]) => (
        <ToggleButton key={text} pressed={value === v} color={color} icon={<I size={22} />} onClick={() => onChange(v)} disabled={disabled}>
          {text}
        </ToggleButton>
      ))}
    </Group>
  );
}

export function SingleChoiceControl({ field, value, onChange, label, disabled }: ControlProps) {
  return (
    <Group gap="sm" role="radiogroup" aria-label={label}>
      {field.points_threshold.map(({ option: o, label: text }) => (
        <Button
          key={o}
          size="lg"
          mih={TOUCH}
          role="radio"
          aria-checked={value === o}
          variant={value === o ? 'filled' : 'default'}
          leftSection={value === o ? <IconCircleCheck size={20} /> : undefined}
          onClick={() => onChange(o)}
          disabled={disabled}
        >
          {text}
        </Button>
      ))}
    </Group>
  );
}

export function MultipleChoiceControl({ field, value, onChange, label, disabled }: ControlProps) {
  const selected = Array.isArray(value) ? value : [];
  const toggle = (o: string) => onChange(selected.includes(o) ? selected.filter((s) => s !== o) : [...selected, o]);
  return (
    <Group gap="sm" role="group" aria-label={label}>
      {field.points_threshold.map(({ option: o, label: text }) => (
        <ToggleButton key={o} pressed={selected.includes(o)} icon={selected.includes(o) ? <IconCircleCheck size={20} /> : undefined} onClick={() => toggle(o)} disabled={disabled}>
          {text}
        </ToggleButton>
      ))}
    </Group>
  );
}

/** The options of a NUMBER or RANGE_SLIDER field as ranges, in increasing order. */
export function rangesOf(field: FormField): { option: string; min: number; max: number; points: number }[] {
  return field.points_threshold
    .flatMap((o) => {
      const r = parseRangeOption(o.option);
      return r ? [{ option: o.option, ...r, points: o.points }] : [];
    })
    .sort((a, b) => a.min - b.min);
}

function RangeHint({ field, value }: { field: FormField; value: number | null }) {
  const { t } = useTranslation();
  if (value === null) return <Text size="sm" c="dimmed">{t('inspections:number.no_value')}</Text>;
  const r = rangesOf(field).find((x) => value >= x.min && value <= x.max);
  return (
    <Badge size="lg" variant="light" color={r ? 'blue' : 'gray'} data-testid="range-hint">
      {r ? t('inspections:number.range', { range: r.option, points: r.points }) : t('inspections:number.out_of_range')}
    </Badge>
  );
}

const decimals = (field: FormField) => rangesOf(field).some((r) => !Number.isInteger(r.min) || !Number.isInteger(r.max));

export function NumberControl({ field, value, onChange, label, disabled }: ControlProps) {
  const { t } = useTranslation();
  const n = finiteNumber(value);
  const step = decimals(field) ? 0.1 : 1;
  const bump = (delta: number) => onChange(Math.round(((n ?? 0) + delta) * 10) / 10);
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="nowrap">
        <ActionIcon size={TOUCH} variant="default" aria-label={`${t('inspections:number.decrease')} (${label})`} onClick={() => bump(-step)} disabled={disabled}>
          <IconMinus size={24} />
        </ActionIcon>
        <NumberInput
          size="lg"
          w={160}
          hideControls
          aria-label={label}
          value={n ?? ''}
          decimalScale={step < 1 ? 1 : 0}
          decimalSeparator={decimalSeparator()}
          inputMode={step < 1 ? 'decimal' : 'numeric'}
          onChange={(v) => onChange(finiteNumber(v))}
          disabled={disabled}
        />
        <ActionIcon size={TOUCH} variant="default" aria-label={`${t('inspections:number.increase')} (${label})`} onClick={() => bump(step)} disabled={disabled}>
          <IconPlus size={24} />
        </ActionIcon>
      </Group>
      <RangeHint field={field} value={n} />
    </Stack>
  );
}

export function SliderControl({ field, value, onChange, label, disabled }: ControlProps) {
  const ranges = rangesOf(field);
  const n = finiteNumber(value);
  const min = ranges.length ? Math.min(...ranges.map((r) => r.min)) : 0;
  const max = ranges.length ? Math.max(...ranges.map((r) => r.max)) : 100;
  const bounds = [...new Set(ranges.flatMap((r) => [r.min, r.max]))];
  return (
    <Stack gap="md" px="sm" pb="md">
      <Slider
        size="xl"
        thumbSize={36}
        min={min}
        max={max}
        step={decimals(field) ? 0.1 : 1}
        value={n ?? min}
        // An untouched slider shows no thumb value: the answer is not given yet.
        color={n === null ? 'gray' : undefined}
        marks={bounds.map((b) => ({ value: b, label: String(b) }))}
        thumbLabel={label}
        onChange={(v) => onChange(v)}
        disabled={disabled}
        styles={{ root: { paddingBlock: 6 } }}
      />
      <RangeHint field={field} value={n} />
    </Stack>
  );
}

export function TextControl({ value, onChange, label, disabled }: ControlProps) {
  const { t } = useTranslation();
  return (
    <Textarea
      size="lg"
      autosize
      minRows={2}
      aria-label={label}
      placeholder={t('inspections:text.placeholder')}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.currentTarget.value)}
      disabled={disabled}
    />
  );
}

/** How each state looks: colour, icon and its text together. */
export const STATE_LOOK: Record<WidgetOption, { color: string; icon: Icon }> = {
  good: { color: TONES.good, icon: IconCircleCheck },
  to_replace: { color: TONES.warn, icon: IconReplace },
  bad: { color: TONES.bad, icon: IconCircleX },
  not_applicable: { color: TONES.neutral, icon: IconCircleOff },
};

const widgetValue = (v: AnswerValue): WidgetValue => (v && typeof v === 'object' && !Array.isArray(v) ? v : { value: null });

export function WidgetControl({ field, value, onChange, label, disabled }: ControlProps) {
  const { t } = useTranslation();
  const current = widgetValue(value);
  const offered = WIDGET_OPTIONS.filter((o) => field.points_threshold.some((p) => p.option === o));
  const states = offered.length ? offered : WIDGET_OPTIONS;
  const measures = WIDGET_MEASURES[field.field_type] ?? [];
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" role="radiogroup" aria-label={label}>
        {states.map((s) => {
          const { color, icon: I } = STATE_LOOK[s];
          const on = current.value === s;
          return (
            <Button
              key={s}
              size="lg"
              h={72}
              px="xs"
              role="radio"
              aria-checked={on}
              color={color}
              autoContrast
              variant={on ? 'filled' : 'default'}
              style={on ? steadyHover : undefined}
              onClick={() => onChange({ ...current, value: s })}
              disabled={disabled}
              data-state={s}
              styles={{ label: { whiteSpace: 'normal', height: 'auto', textAlign: 'center', lineHeight: 1.15 } }}
            >
              <Stack gap={4} align="center">
                {/* Off, the state keeps its colour on its icon (graphics need 3:1, text 4.5:1). */}
                <I size={26} aria-hidden color={on ? undefined : `var(--mantine-color-${color.replace('.', '-')})`} />
                {t(`inspections:states.${s}`)}
              </Stack>
            </Button>
          );
        })}
      </SimpleGrid>
      {measures.length > 0 && (
        <Group gap="md" align="flex-end">
          {measures.map((m) => (
            <NumberInput
              key={m}
              size="lg"
              w={200}
              label={t(`inspections:measures.${m}`)}
              aria-label={`${t(`inspections:measures.${m}`)} (${label})`}
              min={0}
              hideControls
              decimalScale={m === 'amps' ? 0 : 1}
              decimalSeparator={decimalSeparator()}
              value={current[m] ?? ''}
              onChange={(v) => onChange({ ...current, [m]: finiteNumber(v) })}
              disabled={disabled}
            />
          ))}
        </Group>
      )}
    </Stack>
  );
}

const CONTROLS: Record<FieldType, (p: ControlProps) => ReactNode> = {
  CHECK: CheckControl,
  SELECT_SINGLE: SingleChoiceControl,
  SELECT_MULTIPLE: MultipleChoiceControl,
  NUMBER: NumberControl,
  RANGE_SLIDER: SliderControl,
  TEXT: TextControl,
  STATE_WIDGET: WidgetControl,
  BATTERY_STATE_WIDGET: WidgetControl,
  GAS_BATTERY_STATE_WIDGET: WidgetControl,
  TIRE_STATE_WIDGET: WidgetControl,
  DRUM_THICKNESS_WIDGET: WidgetControl,
  PAD_THICKNESS_WIDGET: WidgetControl,
};

/** The control of a field's type. */
export function AnswerControl(props: ControlProps) {
  const C = CONTROLS[props.field.field_type];
  return <C {...props} />;
}
