import { useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, CloseButton, Drawer, Grid, Group, Loader, Modal, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { crudPermissions, type RecordOf } from '@atelier/domain';
import { useRecord } from '../../api/hooks.ts';
import { useMe } from '../../app/AppData.tsx';
import { FormActions } from './FormActions.tsx';
import { EDITOR_INCLUDE, FORMS, FORMS_PATH } from './formApi.ts';
import { FormSettings, type SettingsTab } from './FormSettings.tsx';
import { NodePanel } from './NodePanel.tsx';
import { StructureEditor, type Selection } from './StructureEditor.tsx';
import { allFields, buildTree, replaceNode, type FormTree, type NodeRecord } from './tree.ts';
import { usageOf } from './usage.ts';
import { DialogFooter } from '../../components/DialogFooter.tsx';

const P = crudPermissions('inspection forms');
type Form = RecordOf<'inspection-forms'>;
type Tab = 'structure' | SettingsTab;

interface Props {
  id: string | null;
  /** edit, or view (read only: the user may not edit, or has not chosen to). */
  action: 'view' | 'edit' | 'add';
  setAction: (action: 'view' | 'edit' | null, id?: string | null) => void;
  close: () => void;
}

/**
 * The form editor, a full-width page of the list (?id=&action=edit): its structure (sections,
 * sub-sections, fields, reordered by drag and drop) beside the panel of the selected item, its
 * attributes, multipliers, verdict notes and reminders in tabs; a warning before a form already
 * used by inspections is changed.
 */
export function FormEditor({ id, action, setAction, close }: Props) {
  const { t } = useTranslation();
  const { can } = useMe();
  const qc = useQueryClient();
  const wide = useMediaQuery('(min-width: 75em)');
  const form = useRecord<Form>(FORMS, id, { include: EDITOR_INCLUDE }, { enabled: Boolean(id), meta: { silent: true } });
  const [tree, setTreeState] = useState<FormTree>({ sections: [] });
  const [selected, setSelected] = useState<Selection | null>(null);
  const [tab, setTab] = useState<Tab>('structure');
  const [acknowledged, setAcknowledged] = useState<string | null>(null);

  // The tree follows the server's record each time it is read again (after a save elsewhere in the page).
  useEffect(() => {
    if (form.data) setTreeState(buildTree(form.data));
  }, [form.data]);

  if (action === 'add' || id === null)
    return (
      <Paper withBorder p="lg" radius="md" maw={900}>
        <FormSettings id={null} tab="attributes" readOnly={false} onCreated={(newId) => setAction('edit', newId)} onClose={close} onEdit={() => undefined} />
      </Paper>
    );
  if (form.isPending) return <Loader m="xl" />;
  if (!form.data)
    return (
      <Alert color="red" title={t('common:form.record_not_found_title')} withCloseButton onClose={close} closeButtonLabel={t('common:actions.close')} data-testid="record-not-found">
        {t('common:form.record_not_found')}
      </Alert>
    );

  const record = form.data;
  const usage = usageOf(record);
  const canEdit = can(P.edit);
  const readOnly = action !== 'edit' || !canEdit;
  const inUse = usage.used;
  // Asked once per form and visit, before the first change.
  const asking = !readOnly && inUse && acknowledged !== record.id;
  const setTree = (fn: (t: FormTree) => FormTree) => setTreeState((tr) => fn(tr));
  const onSaved = (saved: NodeRecord) => setTree((tr) => replaceNode(tr, saved.record.id, saved));
  const refresh = () => void qc.invalidateQueries({ queryKey: [FORMS] });
  const inUseText = t('inspection-forms:editor.in_use', { count: usage.count });

  const exists = (s: Selection) =>
    s.kind === 'field' ? allFields(tree).some((f) => f.id === s.id) : tree.sections.some((x) => x.id === s.id || x.subSections.some((u) => u.id === s.id));
  const panel = selected && exists(selected) ? <NodePanel key={`${selected.kind}-${selected.id}`} tree={tree} selection={selected} readOnly={readOnly} onSaved={onSaved} onClose={() => setSelected(null)} /> : null;

  return (
    <Stack gap="md" data-testid="form-editor">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={FORMS_PATH} size="sm">
            {t('inspection-forms:editor.back')}
          </Anchor>
          <Group gap="xs">
            <Title order={1} size="h2" data-testid="record-title">
              {t(readOnly ? 'inspection-forms:editor.view_title' : 'inspection-forms:editor.title', { name: record.name })}
            </Title>
            {(record.version ?? 0) > 0 ? (
              <Badge variant="light" tt="none">
                {t('inspection-forms:version_n', { n: record.version })}
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <Group gap="xs" wrap="wrap" justify="flex-end">
          {readOnly && canEdit ? (
            <Button onClick={() => setAction('edit')} data-testid="record-edit">
              {t('common:actions.edit')}
            </Button>
          ) : null}
          <FormActions form={record} place="editor" onDeleted={close} onChanged={refresh} />
          <CloseButton onClick={close} aria-label={t('common:actions.close')} />
        </Group>
      </Group>

      {inUse ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="form-in-use">
          {inUseText}
        </Alert>
      ) : null}

      <Tabs value={tab} onChange={(v) => setTab((v as Tab) ?? 'structure')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="structure">{t('inspection-forms:editor.tab_structure')}</Tabs.Tab>
          <Tabs.Tab value="attributes">{t('inspection-forms:editor.tab_attributes')}</Tabs.Tab>
          <Tabs.Tab value="multipliers">{t('inspection-forms:editor.tab_multipliers')}</Tabs.Tab>
          <Tabs.Tab value="notes">{t('inspection-forms:editor.tab_notes')}</Tabs.Tab>
          <Tabs.Tab value="reminders">{t('inspection-forms:editor.tab_reminders')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="structure" pt="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, xl: selected ? 7 : 12 }}>
              <StructureEditor formId={record.id} tree={tree} setTree={setTree} readOnly={readOnly} selected={selected} onSelect={setSelected} />
            </Grid.Col>
            {wide && panel ? (
              <Grid.Col span={5}>
                <Paper withBorder p="md" radius="md" style={{ position: 'sticky', top: 72 }}>
                  {panel}
                </Paper>
              </Grid.Col>
            ) : null}
          </Grid>
          {/* On a tablet the panel slides over the tree. */}
          {!wide ? (
            <Drawer opened={panel !== null} onClose={() => setSelected(null)} position="right" size="lg" withCloseButton={false} padding="md">
              {panel}
            </Drawer>
          ) : null}
          {readOnly ? null : (
            <Text size="sm" c="dimmed" mt="md">
              {t('inspection-forms:structure.help')}
            </Text>
          )}
        </Tabs.Panel>
        {(['attributes', 'multipliers', 'notes', 'reminders'] as const).map((s) => (
          <Tabs.Panel key={s} value={s} pt="md">
            <Paper withBorder p="md" radius="md" maw={1100}>
              <FormSettings id={record.id} tab={s} readOnly={readOnly} onClose={close} onEdit={() => setAction('edit')} />
            </Paper>
          </Tabs.Panel>
        ))}
      </Tabs>

      <Modal opened={asking} onClose={() => setAction('view')} title={t('inspection-forms:editor.in_use_title')} centered closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
        <Text data-testid="form-in-use-question">{inUseText}</Text>
        <DialogFooter onCancel={() => setAction('view')} mt="lg">
          <Button color="orange.8" onClick={() => setAcknowledged(record.id)} data-testid="form-in-use-continue" data-autofocus>
            {t('inspection-forms:editor.in_use_continue')}
          </Button>
        </DialogFooter>
      </Modal>
    </Stack>
  );
}
