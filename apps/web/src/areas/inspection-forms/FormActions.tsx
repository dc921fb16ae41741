import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, Modal, Text } from '@mantine/core';
import { notify } from '../../app/notify.tsx';
import { IconCopy, IconDots, IconEye, IconFileSpreadsheet, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { crudPermissions, type RecordOf } from '@atelier/domain';
import { api } from '../../api/client.ts';
import { useMe } from '../../app/AppData.tsx';
import { messageOf } from './common.ts';
import { FORMS, demoPath, duplicateForm, editPath } from './formApi.ts';
import { SyncDialog } from './SyncDialog.tsx';

const P = crudPermissions('inspection forms');

interface Props {
  form: RecordOf<'inspection-forms'>;
  /** In a list row (a menu, with edit) or in the editor's header (buttons). */
  place: 'row' | 'editor';
  onDeleted?: () => void;
  /** The form changed on the server (a sync ran). */
  onChanged?: () => void;
}

/** What a user may do with a form: edit, duplicate (then edit the copy), preview, sync from a file, delete (confirmed, naming it). */
export function FormActions({ form, place, onDeleted, onChanged }: Props) {
  const { t } = useTranslation();
  const { can } = useMe();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = form.name;

  const duplicate = async () => {
    setBusy(true);
    try {
      const copy = await duplicateForm(form.id);
      void qc.invalidateQueries({ queryKey: [FORMS] });
      notify({ color: 'teal', message: t('inspection-forms:actions.duplicated', { name: copy.name }) });
      void navigate(editPath(copy.id));
    } catch (e) {
      notify({ color: 'red', title: t('inspection-forms:actions.duplicate_refused'), message: messageOf(e) });
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await api.remove(FORMS, form.id);
      setDeleting(false);
      void qc.invalidateQueries({ queryKey: [FORMS] });
      notify({ color: 'teal', message: t('common:form.deleted') });
      onDeleted?.();
    } catch (e) {
      setDeleting(false);
      notify({ color: 'red', title: t('inspection-forms:actions.delete_refused'), message: messageOf(e) });
    } finally {
      setBusy(false);
    }
  };

  const dialogs = (
    <>
      <Modal opened={deleting} onClose={() => setDeleting(false)} title={t('common:form.delete_title')} centered closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
        <Text fw={600} data-testid="form-delete-question">
          {t('inspection-forms:actions.delete_question', { name })}
        </Text>
        <Text mt="xs">{t('inspection-forms:actions.delete_body')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDeleting(false)} data-autofocus>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red.8" loading={busy} onClick={() => void remove()} data-testid="form-delete-confirm">
            {t('common:actions.delete')}
          </Button>
        </Group>
      </Modal>
      {syncing ? <SyncDialog form={form} onClose={() => setSyncing(false)} onApplied={() => onChanged?.()} /> : null}
    </>
  );

  if (place === 'editor')
    return (
      <>
        {can(P.create) ? (
          <Button variant="default" leftSection={<IconCopy size={16} />} loading={busy} onClick={() => void duplicate()} data-testid="form-duplicate">
            {t('inspection-forms:actions.duplicate')}
          </Button>
        ) : null}
        <Button variant="default" component={Link} to={demoPath(form.id)} leftSection={<IconEye size={16} />} data-testid="form-preview">
          {t('inspection-forms:actions.preview')}
        </Button>
        {can(P.edit) ? (
          <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={() => setSyncing(true)} data-testid="form-sync">
            {t('inspection-forms:actions.sync')}
          </Button>
        ) : null}
        {can(P.delete) ? (
          <Button variant="subtle" color="red.9" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)} data-testid="form-delete">
            {t('common:actions.delete')}
          </Button>
        ) : null}
        {dialogs}
      </>
    );

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray.7" aria-label={t('inspection-forms:actions.menu', { name })} loading={busy} data-testid="form-actions">
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {can(P.edit) ? (
            <Menu.Item component={Link} to={editPath(form.id)} leftSection={<IconPencil size={16} />} data-testid="form-edit">
              {t('common:actions.edit')}
            </Menu.Item>
          ) : null}
          {can(P.create) ? (
            <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => void duplicate()} data-testid="form-duplicate">
              {t('inspection-forms:actions.duplicate')}
            </Menu.Item>
          ) : null}
          <Menu.Item component={Link} to={demoPath(form.id)} leftSection={<IconEye size={16} />} data-testid="form-preview">
            {t('inspection-forms:actions.preview')}
          </Menu.Item>
          {can(P.edit) ? (
            <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => setSyncing(true)} data-testid="form-sync">
              {t('inspection-forms:actions.sync')}
            </Menu.Item>
          ) : null}
          {can(P.delete) ? (
            <Menu.Item color="red.8" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)} data-testid="form-delete">
              {t('common:actions.delete')}
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      {dialogs}
    </>
  );
}
