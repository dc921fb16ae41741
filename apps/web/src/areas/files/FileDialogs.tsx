import { useState } from 'react';
import { Alert, Button, Checkbox, type ButtonProps, Group, Image, Loader, Modal, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { previewKind, type RecordOf } from '@atelier/domain';
import { api } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { useList, useRecord } from '../../api/hooks.ts';
import type { Model } from '../../api/jsonapi.ts';
import { refusalOf } from '../../api/refusal.ts';
import { useMe } from '../../app/AppData.tsx';
import { relationOf } from '../../components/resource/recordNames.tsx';
import { RelationSelect } from '../../components/resource/RelationSelect.tsx';
import { useFileSrc } from '../../components/useFileSrc.ts';
import { currentLocale } from '../../i18n/index.ts';
import { formatDateTime, formatFileSize } from '../../lib/format.ts';
import { contentsOf, moveTo, type Contents } from './fileActions.ts';
import { FolderTree } from './FolderTree.tsx';
import { DialogFooter } from '../../components/DialogFooter.tsx';
import { TableHead } from '../../components/TableHead.tsx';

export type FileRecord = RecordOf<'files'> & Model;
export type Item = { type: 'files' | 'folders'; id: string; name: string; system?: boolean | null };

/** Reads again what the explorer shows of files and folders. */
export function useRefresh() {
  const qc = useQueryClient();
  return () => Promise.all(['folders', 'files', 'file-versions'].map((type) => qc.invalidateQueries({ queryKey: [type] })));
}

/** Downloads a content (its address under /api/v1) under its file's name. */
export const download = (url: string, name: string) => downloadFile(url.replace(/^\/api\/v1/, ''), name, '*/*');

/** A content's download button (its address under /api/v1), under the file's name; nothing without content. */
export function DownloadButton({ url, name, ...props }: { url: string | null | undefined; name: string } & ButtonProps) {
  const { t } = useTranslation();
  if (!url) return null;
  return (
    <Button {...props} onClick={() => void download(url, name)}>
      {t('files:actions.download')}
    </Button>
  );
}

/** A new folder's name (and, for whoever manages them, whether it is a system folder), or a new name. */
export function NameDialog({ item, parent, onClose }: { item?: Item; parent: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const refresh = useRefresh();
  const [name, setName] = useState(item?.name ?? '');
  const [system, setSystem] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      item
        ? api.update({ type: item.type, id: item.id, attributes: { name } })
        : api.create({ type: 'folders', attributes: { name, ...(system ? { system } : {}) }, relationships: parent ? { parent: { type: 'folders', value: parent } } : {} }),
    onSuccess: async () => {
      await refresh();
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={t(item ? 'files:rename.title' : 'folders:new')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack>
          <TextInput label={t('fields:common.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required data-autofocus data-testid="name-input" />
          {!item && can('manage system folders') && <Checkbox label={t('fields:folders.system')} checked={system} onChange={(e) => setSystem(e.currentTarget.checked)} />}
          <DialogFooter onCancel={onClose}>
            <Button type="submit" loading={save.isPending} disabled={!name.trim()} data-testid="name-save">
              {t('common:actions.save')}
            </Button>
          </DialogFooter>
        </Stack>
      </form>
    </Modal>
  );
}

/** What deleting a folder deletes, in words ("2 dossiers et 5 fichiers"). */
export function contentsText(t: (key: string, o?: Record<string, unknown>) => string, c: Contents) {
  if (!c.folders && !c.files) return t('files:delete.empty');
  return t('files:delete.holds', { folders: t('files:count.folders', { count: c.folders }), files: t('files:count.files', { count: c.files }) });
}

/** Deleting a file, or a folder with all it holds, counted by the server first. */
export function DeleteDialog({ item, onClose }: { item: Item; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefresh();
  const contents = useQuery({ queryKey: ['folders', 'contents', item.id], queryFn: () => contentsOf(item.id), enabled: item.type === 'folders' });
  const remove = useMutation({
    mutationFn: () => api.remove(item.type, item.id),
    onSuccess: async () => {
      await refresh();
      onClose();
    },
  });
  const ready = item.type === 'files' || contents.data;
  return (
    <Modal opened onClose={onClose} title={t(item.type === 'files' ? 'files:delete.file_title' : 'files:delete.folder_title', { name: item.name })} centered>
      <Stack>
        {item.type === 'folders' && (contents.data ? <Text data-testid="delete-count">{contentsText(t, contents.data)}</Text> : <Loader size="sm" />)}
        <Text size="sm" c="dimmed">
          {t('files:delete.final')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red.8" onClick={() => remove.mutate()} loading={remove.isPending} disabled={!ready} data-testid="delete-confirm">
            {t('common:actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** An image or a PDF shown in place; anything else offered for download. */
export function PreviewDialog({ file, onClose }: { file: FileRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const kind = previewKind(file.mime);
  const src = useFileSrc(kind && file.attachment ? file.attachment : '');
  return (
    <Modal opened onClose={onClose} title={file.name} size="xl" centered>
      <Stack>
        {!file.attachment ? (
          <Text>{t('files:no_content')}</Text>
        ) : !kind ? (
          <Text>{t('files:no_preview')}</Text>
        ) : !src ? (
          <Loader />
        ) : kind === 'image' ? (
          <Image src={src} alt={file.name} fit="contain" mah="70vh" data-testid="preview-image" />
        ) : (
          <iframe src={src} title={file.name} style={{ width: '100%', height: '70vh', border: 0 }} data-testid="preview-pdf" />
        )}
        <Group justify="flex-end">
          <DownloadButton url={file.attachment} name={file.name} />
        </Group>
      </Stack>
    </Modal>
  );
}

/** A file's former contents: when each was replaced and by whom, each downloadable. */
export function VersionsDialog({ file, onClose }: { file: FileRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const versions = useList<RecordOf<'file-versions'> & Model>('file-versions', { filter: { file: file.id }, include: 'replacedBy', sort: '-replaced_at', page: { number: 1, size: 100 } }, { global: false });
  const rows = versions.data?.data ?? [];
  return (
    <Modal opened onClose={onClose} title={t('file-versions:title_of', { name: file.name })} size="lg" centered>
      {versions.isLoading ? (
        <Loader />
      ) : !rows.length ? (
        <Text>{t('file-versions:none')}</Text>
      ) : (
        <Table data-testid="versions">
          <TableHead columns={[t('fields:file-versions.replaced_at'), t('fields:file-versions.replacedBy'), t('fields:files.size'), '']} />
          <Table.Tbody>
            {rows.map((v) => (
              <Table.Tr key={v.id}>
                <Table.Td>{formatDateTime(v.replaced_at, locale)}</Table.Td>
                <Table.Td>{v.replacedBy ? `${v.replacedBy.firstname} ${v.replacedBy.lastname}` : ''}</Table.Td>
                <Table.Td>{formatFileSize(v.size, locale)}</Table.Td>
                <Table.Td>
                  <DownloadButton url={v.attachment} name={v.name ?? file.name} size="xs" variant="light" />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}

/** Who may see a file or a folder (and all it holds): roles and people; none, everyone who sees the explorer. */
export function AccessDialog({ item, onClose }: { item: Item; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefresh();
  const record = useRecord<Model & { roles?: Model[]; users?: Model[] }>(item.type, item.id, { include: 'roles,users' });
  const [roles, setRoles] = useState<string[] | null>(null);
  const [users, setUsers] = useState<string[] | null>(null);
  const current = (list: Model[] | undefined) => (list ?? []).map((m) => m.id);
  const save = useMutation({
    mutationFn: () =>
      api.update({
        type: item.type,
        id: item.id,
        relationships: { roles: { type: 'roles', value: roles ?? current(record.data?.roles) }, users: { type: 'users', value: users ?? current(record.data?.users) } },
      }),
    onSuccess: async () => {
      await refresh();
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('files:access.title', { name: item.name })} centered>
      {!record.data ? (
        <Loader />
      ) : (
        <Stack>
          <Text size="sm" c="dimmed">
            {t(item.type === 'folders' ? 'files:access.help_folder' : 'files:access.help_file')}
          </Text>
          <RelationSelect relation={relationOf('roles', true)} label={t('fields:folders.roles')} value={roles ?? current(record.data.roles)} onChange={(v) => setRoles(v as string[])} known={record.data.roles} name="roles" />
          <RelationSelect relation={relationOf('users', true)} label={t('fields:folders.users')} value={users ?? current(record.data.users)} onChange={(v) => setUsers(v as string[])} known={record.data.users} name="users" />
          <DialogFooter onCancel={onClose}>
            <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="access-save">
              {t('common:actions.save')}
            </Button>
          </DialogFooter>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * "Move to…": the folder picked in the tree (a tablet has no comfortable drag). A refusal (a name
 * already taken there, a folder put below itself) is said here, translated, to choose again.
 */
export function MoveDialog({ item, from, opened, onClose }: { item: Item; from: string | null | undefined; opened: ReadonlySet<string>; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefresh();
  const [to, setTo] = useState<string | null | undefined>(undefined);
  const move = useMutation({
    mutationFn: (folder: string | null) => moveTo(item, folder),
    // The refusal is shown in the dialog, not in the error dialog over it.
    meta: { silent: true },
    onSuccess: async () => {
      await refresh();
      onClose();
    },
  });
  const same = to !== undefined && to === from;
  const refusal = refusalOf(move.error, t('errors:SOMETHING_WENT_WRONG'));
  return (
    <Modal opened onClose={onClose} title={t('files:move_dialog.title', { name: item.name })} centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('files:move_dialog.help')}
        </Text>
        <ScrollArea.Autosize mah="50vh" data-testid="move-tree">
          <FolderTree
            current={to ?? null}
            opened={opened}
            onOpen={(id) => {
              move.reset();
              setTo(id);
            }}
          />
        </ScrollArea.Autosize>
        {same && <Text size="sm">{t('files:move_dialog.same')}</Text>}
        {refusal && (
          <Alert color="red" role="alert" data-testid="move-error">
            {refusal}
          </Alert>
        )}
        <DialogFooter onCancel={onClose}>
          <Button onClick={() => to !== undefined && move.mutate(to)} loading={move.isPending} disabled={to === undefined || same} data-testid="move-confirm">
            {t('files:move_dialog.submit')}
          </Button>
        </DialogFooter>
      </Stack>
    </Modal>
  );
}
