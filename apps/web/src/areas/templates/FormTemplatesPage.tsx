import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { crudPermissions, type RecordOf } from '@atelier/domain';
import { useList } from '../../api/hooks.ts';
import { useMe } from '../../app/AppData.tsx';
import { notify } from '../../app/notify.tsx';
import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { messageOf } from '../inspection-forms/common.ts';
import { ChangesList } from './ChangesList.tsx';
import { FORM_KIND, publishTemplate, type TemplateKindUi } from './templatesApi.ts';

type Template = Pick<RecordOf<'form-templates'>, 'id'>;

/** « Publier une nouvelle version »: the source's content as it is now (nothing changed: the server says so). */
export function PublishButton({ template, kind }: { template: Template; kind: TemplateKindUi }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const P = crudPermissions(kind === FORM_KIND ? 'form templates' : 'canned job templates');
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!can(P.edit)) return null;
  const publish = async () => {
    setBusy(true);
    try {
      await publishTemplate(template.id, kind);
      await qc.invalidateQueries({ queryKey: [kind.templates] });
      await qc.invalidateQueries({ queryKey: [kind.versions] });
      notify({ color: 'teal', message: t('templates:published') });
    } catch (e) {
      notify({ color: 'red', title: t('templates:publish_refused'), message: messageOf(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="light" leftSection={<IconUpload size={16} />} loading={busy} onClick={() => void publish()} data-testid="template-publish">
      {t('templates:publish')}
    </Button>
  );
}

/** The template's published versions, newest first, each with what changed since the one before. */
export function Versions({ template, kind }: { template: Template; kind: TemplateKindUi }) {
  const { t, i18n } = useTranslation();
  const versions = useList<RecordOf<'form-template-versions'>>(kind.versions, { filter: { [kind.templateRel]: template.id }, sort: '-number', include: 'publishedBy', page: { number: 1, size: 50 } }, { global: false });
  return (
    <Stack gap="sm" data-testid="template-versions">
      <Title order={4}>{t('templates:versions')}</Title>
      {(versions.data?.data ?? []).map((v) => (
        <Card key={v.id} withBorder padding="sm">
          <Group justify="space-between" mb={4}>
            <Text fw={600}>{t('templates:version_n', { n: v.number })}</Text>
            <Text size="sm" c="dimmed">
              {formatDateTime(v.created_at, i18n.language)}
              {v.publishedBy ? ` · ${[v.publishedBy.firstname, v.publishedBy.lastname].filter(Boolean).join(' ')}` : ''}
            </Text>
          </Group>
          <ChangesList changes={(v.changes ?? []) as never[]} empty={v.number === 1 ? t('templates:first_version') : t('templates:no_changes')} />
        </Card>
      ))}
    </Stack>
  );
}

/**
 * A reseller's templates of a kind (`source`: the relationship naming the record each is made
 * from), a new version published from that record, the versions with what changed.
 */
export function TemplatesPage({ kind, subject, source }: { kind: TemplateKindUi; subject: 'form templates' | 'canned job templates'; source: 'sourceForm' | 'sourceCannedJob' }) {
  // One screen for both kinds: their declarations have the same attributes, the source aside.
  const key = source as 'sourceForm';
  return (
    <SimpleResourcePage
      type={kind.templates as 'form-templates'}
      subject={subject}
      columns={['name', 'version', { key, visibleFrom: 'md' }, { key: 'updated_at', visibleFrom: 'sm' }]}
      listInclude={source}
      include={source}
      fields={['name', key, { name: 'description', wide: true }, 'version', 'created_at']}
      actions={(template) => <PublishButton template={template} kind={kind} />}
      children={(template) => <Versions template={template} kind={kind} />}
    />
  );
}

/**
 * /reseller/form-templates: the inspection form templates the reseller publishes to its
 * organizations, each made from one of their forms; a new version is published from that form.
 */
export default function FormTemplatesPage() {
  return <TemplatesPage kind={FORM_KIND} subject="form templates" source="sourceForm" />;
}
