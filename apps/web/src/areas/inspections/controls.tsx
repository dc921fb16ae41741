import { ActionIcon, Badge, Button, Group, SimpleGrid, Slider, Stack, Text, Textarea } from '@mantine/core';
import { IconCircleCheck, IconCircleOff, IconCircleX, IconMinus, IconPlus, IconReplace, type Icon } from '@tabler/icons-react';
import { formatDecimalInput, parseRangeOption, finiteNumber, TONE_COLORS, WIDGET_MEASURES, WIDGET_OPTIONS, WIDGET_STATE_TONES, type FieldType, type Tone, type WidgetOption } from '@atelier/domain';
import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/index.ts';
import { DecimalInput } from '../../components/DecimalInput.tsx';
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
 * Good, warning, bad and neutral as drawn on filled buttons and badges (with `autoContrast`): the
 * domain's one colour map (TONE_COLORS), which the PDF paints too, so a state reads the same colour
 * on both. Shades whose text reaches 4.5:1 (white on teal.9, red.9 and gray.7; black on yellow.5).
 */
export const TONES: Readonly<Record<Tone, string>> = { good: TONE_COLORS.good.fill, warn: TONE_COLORS.warn.fill, bad: TONE_COLORS.bad.fill, neutral: TONE_COLORS.neutral.fill };
/**
 * A chosen button keeps its colour under the pointer (Mantine lightens teal.9 to teal.8 on hover,
 * 3.9:1 under white text); a finger on a tablet leaves the pointer there after the tap.
 */
const steadyHover = { '--button-hover': 'var(--button-bg)' } as CSSProperties;

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
        <DecimalInput
          size="lg"
          w={160}
          aria-label={label}
          value={n ?? ''}
          decimals={step < 1 ? 1 : 0}
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

/** A slider's keyboard steps within this delay make one save (a released drag saves at once). */
export const SLIDER_SAVE_DELAY = 700;

export function SliderControl({ field, value, onChange, label, disabled }: ControlProps) {
  const ranges = rangesOf(field);
  const saved = finiteNumber(value);
  // The thumb follows the drag locally; the answer is saved once, when the thumb is released (or
  // the keys rest): a drag used to send a save per step.
  const [draft, setDraft] = useState<number | null>(null);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; value: number } | null>(null);
  const commit = useRef(onChange);
  commit.current = onChange;
  const flush = useCallback(() => {
    if (!pending.current) return;
    clearTimeout(pending.current.timer);
    const v = pending.current.value;
    pending.current = null;
    setDraft(null);
    commit.current(v);
  }, []);
  // Leaving the field (another section, another page) still saves the last position.
  useEffect(() => flush, [flush]);
  // Whether the last change came from the keys (each arrow press ends a change) or a drag.
  const byKeys = useRef(false);
  const release = (v: number) => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = { value: v, timer: setTimeout(flush, byKeys.current ? SLIDER_SAVE_DELAY : 0) };
  };
  const n = draft ?? saved;
  const min = ranges.length ? Math.min(...ranges.map((r) => r.min)) : 0;
  const max = ranges.length ? Math.max(...ranges.map((r) => r.max)) : 100;
  const bounds = [...new Set(ranges.flatMap((r) => [r.min, r.max]))];
  const locale = currentLocale();
  return (
    <Stack gap="md" px="sm" pb="md" onKeyDownCapture={() => (byKeys.current = true)} onPointerDownCapture={() => (byKeys.current = false)}>
      <Slider
        size="xl"
        thumbSize={36}
        min={min}
        max={max}
        step={decimals(field) ? 0.1 : 1}
        value={n ?? min}
        // An untouched slider shows no thumb value: the answer is not given yet.
        color={n === null ? 'gray' : undefined}
        marks={bounds.map((b) => ({ value: b, label: formatDecimalInput(b, locale) }))}
        label={(v) => formatDecimalInput(v, locale)}
        thumbLabel={label}
        onChange={setDraft}
        onChangeEnd={release}
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
  good: { color: TONES[WIDGET_STATE_TONES.good], icon: IconCircleCheck },
  to_replace: { color: TONES[WIDGET_STATE_TONES.to_replace], icon: IconReplace },
  bad: { color: TONES[WIDGET_STATE_TONES.bad], icon: IconCircleX },
  not_applicable: { color: TONES[WIDGET_STATE_TONES.not_applicable], icon: IconCircleOff },
};

const widgetValue = (v: AnswerValue): WidgetValue => (v && typeof v === 'object' && !Array.isArray(v) ? v : { value: null });

export function WidgetControl({ field, value, onChange, label, disabled }: ControlProps) {
  const { t } = useTranslation();
  const current = widgetValue(value);
  const offered = WIDGET_OPTIONS.filter((o) => field.points_threshold.some((p) => p.option === o));
  // A field with its own N/A button offers no second "Sans objet" among its states (unless it is the answer already given).
  const states = (offered.length ? offered : WIDGET_OPTIONS).filter((s) => !(field.enable_na && s === 'not_applicable' && current.value !== s));
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
                <I size={26} aria-hidden color={on ? undefined : color} />
                {t(`inspections:states.${s}`)}
              </Stack>
            </Button>
          );
        })}
      </SimpleGrid>
      {measures.length > 0 && (
        <Group gap="md" align="flex-end">
          {measures.map((m) => (
            <DecimalInput
              key={m}
              size="lg"
              w={200}
              label={t(`inspections:measures.${m}`)}
              aria-label={`${t(`inspections:measures.${m}`)} (${label})`}
              allowNegative={false}
              decimals={m === 'amps' ? 0 : 1}
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
