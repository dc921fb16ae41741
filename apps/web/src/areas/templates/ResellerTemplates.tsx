import { useState } from 'react';
import { Alert, Badge, Button, Card, Checkbox, Drawer, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconTemplate } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { crudPermissions, firstLocale, labelIn, type Locale, type RecordOf } from '@atelier/domain';
import { useList } from '../../api/hooks.ts';
import type { Model } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { notify } from '../../app/notify.tsx';
import { messageOf } from '../inspection-forms/common.ts';
import { ChangesList } from './ChangesList.tsx';
import { FORM_KIND, adoptTemplate, answerOffer, offerOf, type DroppedTrigger, type TemplateKindUi } from './templatesApi.ts';

// The organization's side of its reseller's templates (issue 27), on the inspection forms page and
// the canned jobs page (a kind each): adopt a template as a record of its own; when the reseller
// publishes a newer version, read what it changes and what the organization's own edits keep, then
// take it or pass on it. A canned job's edits may be replaced by the whole version, ticked.

type Template = Pick<RecordOf<'form-templates'>, 'id' | 'name' | 'description' | 'version'>;
type Adoption = Pick<RecordOf<'form-template-adoptions'>, 'id' | 'version' | 'skipped_version'> & { template?: { id: string }; record?: { id: string; name?: unknown } };

/** Whether a newer version waits for the adoption (one passed on is not offered again until a newer one comes). */
export const offered = (template: Pick<Template, 'version'>, adoption: Pick<Adoption, 'version' | 'skipped_version'>) =>
  Number(template.version) > Number(adoption.version) && Number(template.version) !== Number(adoption.skipped_version ?? 0);

/** The offer of a newer version: what it changes, what stays as the organization made it; take it or not now. */
function OfferDialog({ adoption, template, kind, onClose }: { adoption: Adoption; template: Template; kind: TemplateKindUi; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [replace, setReplace] = useState(false);
  const offer = useQuery({ queryKey: [kind.adoptions, 'changes', adoption.id, template.version], queryFn: () => offerOf(adoption.id, kind) });
  const answer = async (what: 'accept' | 'skip') => {
    if (!offer.data) return;
    setBusy(true);
    try {
      await answerOffer(adoption.id, what, offer.data.to, kind, replace);
      await Promise.all([qc.invalidateQueries({ queryKey: [kind.adoptions] }), qc.invalidateQueries({ queryKey: [kind.records] })]);
      const taken = kind === FORM_KIND ? t('templates:offer.taken', { n: offer.data.to }) : t('templates:offer.taken_job', { n: offer.data.to });
      notify({ color: 'teal', message: what === 'accept' ? taken : t('templates:offer.skipped', { n: offer.data.to }) });
      onClose();
    } catch (e) {
      notify({ color: 'red', title: t('templates:offer.refused'), message: messageOf(e) });
      void offer.refetch();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} size="lg" centered closeButtonProps={{ 'aria-label': t('common:actions.close') }} title={t('templates:offer.title', { name: template.name, n: template.version })}>
      {offer.data ? (
        <Stack>
          <Text size="sm">{kind === FORM_KIND ? t('templates:offer.intro', { from: offer.data.from, to: offer.data.to }) : t('templates:offer.intro_job', { from: offer.data.from, to: offer.data.to })}</Text>
          <Title order={5}>{t('templates:offer.apply')}</Title>
          <ChangesList changes={offer.data.apply ?? offer.data.changes ?? []} empty={t('templates:offer.nothing_to_apply')} testId="offer-apply" />
          {offer.data.kept?.length ? (
            <Alert color="yellow" title={t('templates:offer.kept')}>
              <ChangesList changes={offer.data.kept} empty="" testId="offer-kept" />
            </Alert>
          ) : null}
          {kind !== FORM_KIND && offer.data.kept?.length ? (
            <Checkbox checked={replace} onChange={(e) => setReplace(e.currentTarget.checked)} label={t('templates:offer.replace_edits')} description={t('templates:offer.replace_edits_intro')} data-testid="offer-replace" />
          ) : null}
          {kind === FORM_KIND ? (
            <Text size="sm" c="dimmed">
              {t('templates:offer.inspections_keep')}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void answer('skip')} disabled={busy} data-testid="offer-skip">
              {t('templates:offer.skip')}
            </Button>
            <Button onClick={() => void answer('accept')} loading={busy} data-testid="offer-accept">
              {t('templates:offer.accept', { n: offer.data.to })}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text size="sm">{offer.isError ? messageOf(offer.error) : t('common:list.loading')}</Text>
      )}
    </Modal>
  );
}

function TemplateCard({ template, adoptions, kind }: { template: Template; adoptions: Adoption[]; kind: TemplateKindUi }) {
  const { t, i18n } = useTranslation();
  const P = crudPermissions(kind.subject);
  const { can } = useMe();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [reviewing, setReviewing] = useState<Adoption | null>(null);
  const adopt = async () => {
    setBusy(true);
    try {
      const made = await adoptTemplate(template.id, kind);
      await Promise.all([qc.invalidateQueries({ queryKey: [kind.adoptions] }), qc.invalidateQueries({ queryKey: [kind.records] })]);
      notify({ color: 'teal', message: kind === FORM_KIND ? t('templates:adopted', { name: template.name }) : t('templates:adopted_job', { name: template.name }) });
      if (made.dropped.length) notify({ color: 'yellow', autoClose: false, title: t('templates:dropped_triggers'), message: droppedText(made.dropped, firstLocale(i18n.language), t) });
      void navigate(kind.recordPath(made.id));
    } catch (e) {
      notify({ color: 'red', title: t('templates:adopt_refused'), message: messageOf(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="sm" data-testid="reseller-template">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600}>{template.name}</Text>
          {template.description ? (
            <Text size="sm" c="dimmed">
              {template.description}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {t('templates:version_n', { n: template.version })}
          </Text>
        </Stack>
        {can(P.create) ? (
          <Button size="xs" variant={adoptions.length ? 'default' : 'filled'} loading={busy} onClick={() => void adopt()} style={{ flexShrink: 0 }} data-testid="template-adopt">
            {adoptions.length ? t('templates:adopt_again') : t('templates:adopt')}
          </Button>
        ) : null}
      </Group>
      {adoptions.map((a) => (
        <Group key={a.id} justify="space-between" mt="xs" gap="xs" data-testid="template-adoption">
          <Text size="sm">
            {a.record ? <Link to={kind.recordPath(a.record.id)}>{String(a.record.name ?? '')}</Link> : null} · {t('templates:adopted_version', { n: a.version })}
          </Text>
          {offered(template, a) ? (
            can(P.edit) ? (
              <Button size="xs" color="orange" onClick={() => setReviewing(a)} data-testid="template-offer">
                {t('templates:offer.review', { n: template.version })}
              </Button>
            ) : (
              <Badge color="orange">{t('templates:offer.review', { n: template.version })}</Badge>
            )
          ) : (
            <Badge variant="light" color={Number(template.version) > Number(a.version) ? 'gray' : 'teal'}>
              {Number(template.version) > Number(a.version) ? t('templates:skipped', { n: a.skipped_version }) : t('templates:up_to_date')}
            </Badge>
          )}
        </Group>
      ))}
      {reviewing ? <OfferDialog adoption={reviewing} template={template} kind={kind} onClose={() => setReviewing(null)} /> : null}
    </Card>
  );
}

/** The triggers that did not carry over, in words: « Batterie : false, Plaquettes : bad ». */
/** « Batterie : false » in French, "Battery: false" in English: each field in the reader's language. */
const droppedText = (dropped: DroppedTrigger[], locale: Locale, t: TFunction) => dropped.map((d) => t('templates:pair', { label: labelIn(d.field_name, d.field_name_en, locale), value: d.value })).join(', ');

/**
 * « Modèles du revendeur » on the inspection forms page (or the canned jobs page, `kind`): shown
 * when the organization's reseller publishes templates; its badge counts the newer versions waiting.
 */
export function ResellerTemplates({ kind = FORM_KIND }: { kind?: TemplateKindUi }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const templates = useList<Template & Model>(kind.templates, { sort: 'name', page: { number: 1, size: 100 } }, { global: false, meta: { silent: true } });
  const adoptions = useList<Model & Record<string, unknown>>(kind.adoptions, { include: `${kind.recordRel},${kind.templateRel}`, page: { number: 1, size: 100 } }, { meta: { silent: true } });
  const list = templates.data?.data ?? [];
  if (!list.length) return null;
  const adoptionsOf = (id: string): Adoption[] =>
    (adoptions.data?.data ?? [])
      .map((a) => ({ ...(a as unknown as Adoption), template: a[kind.templateRel] as { id: string } | undefined, record: a[kind.recordRel] as Adoption['record'] }))
      .filter((a) => a.template?.id === id);
  const waiting = list.reduce((n, tpl) => n + adoptionsOf(tpl.id).filter((a) => offered(tpl, a)).length, 0);
  return (
    <>
      <Button variant="default" leftSection={<IconTemplate size={16} />} onClick={() => setOpen(true)} data-testid="reseller-templates" rightSection={waiting ? <Badge color="orange" size="sm" circle>{waiting}</Badge> : null}>
        {t('templates:from_reseller')}
      </Button>
      <Drawer opened={open} onClose={() => setOpen(false)} position="right" size="lg" closeButtonProps={{ 'aria-label': t('common:actions.close') }} title={t('templates:from_reseller')}>
        <Stack>
          <Text size="sm" c="dimmed">
            {kind === FORM_KIND ? t('templates:from_reseller_intro') : t('templates:from_reseller_jobs_intro')}
          </Text>
          {list.map((tpl) => (
            <TemplateCard key={tpl.id} template={tpl} adoptions={adoptionsOf(tpl.id)} kind={kind} />
          ))}
        </Stack>
      </Drawer>
    </>
  );
}
