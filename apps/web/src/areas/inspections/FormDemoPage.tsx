import { Accordion, Alert, Box, Button, Flex, Group, Loader, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconCar, IconEye, IconRefresh } from '@tabler/icons-react';
import { finiteNumber, type RecordOf } from '@atelier/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/index.ts';
import { useParams } from 'react-router';
import { useRecord } from '../../api/hooks.ts';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { FORM_INCLUDE, formOfRecord } from './adapter.ts';
import { sectionScoreOf } from './liveScoring.ts';
import { allFields, EMPTY_VEHICLE, type InspectionFormModel, type SampleVehicle } from './model.ts';
import { ScoreSummary, SectionList, SectionTabList } from './ScoreSummary.tsx';
import { SectionView } from './SectionView.tsx';
import { useLiveScoring } from './useLiveScoring.ts';

/** The vehicle the preview scores against, so the form's points multipliers can be tried. */
function SampleVehiclePanel({ vehicle, onChange, multipliers }: { vehicle: SampleVehicle; onChange: (v: SampleVehicle) => void; multipliers: number }) {
  const { t } = useTranslation();
  const text = (name: 'make' | 'model' | 'style') => (
    <TextInput size="lg" label={t(`inspections:vehicle.${name}`)} value={vehicle[name]} onChange={(e) => onChange({ ...vehicle, [name]: e.currentTarget.value })} />
  );
  const number = (name: 'model_year' | 'odometer') => (
    <DecimalInput
      size="lg"
      label={t(`inspections:vehicle.${name}`)}
      value={vehicle[name] ?? ''}
      decimals={0}
      allowNegative={false}
      onChange={(v) => onChange({ ...vehicle, [name]: finiteNumber(v) })}
    />
  );
  const summary = [vehicle.make, vehicle.model, vehicle.model_year, vehicle.style].filter(Boolean).join(' ');
  return (
    <Accordion variant="contained" radius="md" data-testid="sample-vehicle">
      <Accordion.Item value="vehicle">
        <Accordion.Control mih={48} icon={<IconCar size={20} />}>
          <Text fw={600}>{t('inspections:vehicle.title')}</Text>
          <Text size="sm" c="dimmed">
            {summary || t('inspections:vehicle.multipliers', { count: multipliers })}
          </Text>
        </Accordion.Control>
        <Accordion.Panel>
          <Text size="sm" c="dimmed" mb="xs">
            {t('inspections:vehicle.hint')}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3, xl: 5 }} spacing="xs">
            {text('make')}
            {text('model')}
            {number('model_year')}
            {number('odometer')}
            {text('style')}
          </SimpleGrid>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

/** The preview of a loaded form: answers held on the page, scored live. */
export function FormDemo({ form }: { form: InspectionFormModel }) {
  const { t } = useTranslation();
  const [vehicle, setVehicle] = useState<SampleVehicle>(EMPTY_VEHICLE);
  const live = useLiveScoring(form, vehicle);
  const [chosen, setChosen] = useState<string | null>(null);
  const fieldNames = useMemo(() => new Map(allFields(form).map((f) => [f.id, f.name])), [form]);
  const shown = form.sections.filter((s) => sectionScoreOf(live.score, s.id)?.visible);
  // The chosen section, unless an answer just hid it: then the first one shown.
  const active = shown.some((s) => s.id === chosen) ? chosen : (shown[0]?.id ?? null);
  const reset = () => {
    setVehicle(EMPTY_VEHICLE);
    live.reset();
  };
  const pointsMultipliers = form.multipliers.filter((m) => m.type === 'points').length;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2">
          {t('inspections:demo.title', { name: form.name })}
        </Title>
        <Button size="lg" variant="default" leftSection={<IconRefresh size={20} />} onClick={reset} data-testid="demo-reset">
          {t('inspections:demo.reset')}
        </Button>
      </Group>
      <Alert color="blue" icon={<IconEye />} title={t('inspections:demo.banner_title')} data-testid="demo-banner">
        {t('inspections:demo.banner')}
      </Alert>
      <SampleVehiclePanel vehicle={vehicle} onChange={setVehicle} multipliers={pointsMultipliers} />
      {form.sections.length === 0 ? (
        <Text c="dimmed">{t('inspections:demo.empty')}</Text>
      ) : (
        <Tabs value={active} onChange={setChosen} variant="pills" keepMounted={false}>
          {/* One column on a tablet, the summary and sections above the answers; beside them on a
              wide screen. Sticky under the shell's header, so the score stays in sight. */}
          <Flex direction={{ base: 'column', lg: 'row-reverse' }} align={{ base: 'stretch', lg: 'flex-start' }} gap="md">
            <Stack gap="xs" pos="sticky" top={60} w={{ base: '100%', lg: 340 }} py={4} bg="var(--mantine-color-body)" style={{ zIndex: 10 }}>
              <ScoreSummary score={live.score} progress={live.progress} />
              <Box visibleFrom="lg">
                <SectionList sections={form.sections} score={live.score} active={active} onSelect={setChosen} />
              </Box>
              <Box hiddenFrom="lg">
                <SectionTabList sections={form.sections} score={live.score} />
              </Box>
            </Stack>
            <Box style={{ flex: 1, minWidth: 0 }}>
              {form.sections.map((s) => (
                <Tabs.Panel key={s.id} value={s.id}>
                  <SectionView section={s} live={live.state} fieldNames={fieldNames} onAnswer={live.setAnswer} onComment={live.setComment} />
                </Tabs.Panel>
              ))}
            </Box>
          </Flex>
        </Tabs>
      )}
    </Stack>
  );
}

/** /inspecpro/inspection-forms/{id}/demo: the form filled and scored live, nothing saved (spec §2, issue 10). */
export default function FormDemoPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  // Answers are held against the form as loaded: a refetch would not rebuild them.
  const q = useRecord<RecordOf<'inspection-forms'>>('inspection-forms', id, { include: FORM_INCLUDE }, { staleTime: Infinity, refetchOnWindowFocus: false });
  const locale = currentLocale();
  const form = useMemo(() => (q.data ? formOfRecord(q.data, locale) : null), [q.data, locale]);
  if (q.isPending) return <Loader />;
  if (!form) return <Alert color="red">{t('inspections:demo.not_found')}</Alert>;
  return <FormDemo key={form.id} form={form} />;
}
