import { useMemo, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Anchor, Badge, Box, Breadcrumbs, Button, Group, Menu, Paper, ScrollArea, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DndContext, KeyboardSensor, PointerSensor, useDraggable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { IconDots, IconFile, IconFolder, IconFolderPlus, IconGripVertical, IconLock, IconSearch, IconShieldLock, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { crudPermissions } from '@atelier/domain';
import { api, upload } from '../../api/client.ts';
import { useList } from '../../api/hooks.ts';
import { useMe } from '../../app/AppData.tsx';
import { relationOf } from '../../components/resource/recordNames.tsx';
import { RelationSelect } from '../../components/resource/RelationSelect.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatDateTime, formatFileSize } from '../../lib/format.ts';
import { AccessDialog, DeleteDialog, download, MoveDialog, NameDialog, PreviewDialog, useRefresh, VersionsDialog, type FileRecord, type Item } from './FileDialogs.tsx';
import { moveTo } from './fileActions.ts';
import { FileDropZone, UploadList, useUploads } from './Uploads.tsx';
import { FolderTree, useDropFolder, useSubfolders, type Folder } from './FolderTree.tsx';

const FILES = crudPermissions('files');
const FOLDERS = crudPermissions('folders');

type Dialog =
  | { kind: 'name'; item?: Item }
  | { kind: 'delete' | 'access'; item: Item }
  | { kind: 'move'; item: Item; from: string | null | undefined }
  | { kind: 'preview' | 'versions'; file: FileRecord };

/** A row's handle, to drag it onto a folder (the tree's, a row's, the top's). */
function DragHandle({ item }: { item: Item }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef } = useDraggable({ id: `${item.type}:${item.id}`, data: item });
  return (
    <ActionIcon ref={setNodeRef} variant="subtle" color="gray" {...attributes} {...listeners} aria-label={t('files:move', { name: item.name })} style={{ touchAction: 'none', cursor: 'grab' }} data-testid="drag-handle">
      <IconGripVertical size={16} />
    </ActionIcon>
  );
}

/** A folder's row: it opens on a click and takes what is dropped on it. */
function FolderRow({ folder, onOpen, menu, movable }: { folder: Folder; onOpen: () => void; menu: ReactNode; movable: boolean }) {
  const { t } = useTranslation();
  const drop = useDropFolder('row', folder.id);
  const restricted = Boolean(folder.roles?.length || folder.users?.length);
  return (
    <Table.Tr ref={drop.ref} bg={drop.over ? 'blue.0' : undefined} data-testid="folder-row">
      <Table.Td w={40}>
        {movable && <DragHandle item={{ type: 'folders', id: folder.id, name: folder.name, system: folder.system }} />}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <IconFolder size={18} color="var(--mantine-color-yellow-7)" />
          <UnstyledButton onClick={onOpen} fw={500}>
            {folder.name}
          </UnstyledButton>
          {folder.system && <Badge size="xs" variant="light" leftSection={<IconLock size={10} />}>{t('files:system')}</Badge>}
          {restricted && <IconShieldLock size={14} aria-label={t('files:restricted')} />}
        </Group>
      </Table.Td>
      <Table.Td visibleFrom="sm" />
      <Table.Td visibleFrom="md">{formatDateTime(folder.updated_at, currentLocale())}</Table.Td>
      <Table.Td w={48}>{menu}</Table.Td>
    </Table.Tr>
  );
}

function FileRow({ file, onPreview, menu, movable }: { file: FileRecord; onPreview: () => void; menu: ReactNode; movable: boolean }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const restricted = Boolean(file.roles?.length || file.users?.length);
  return (
    <Table.Tr data-testid="file-row">
      <Table.Td w={40}>
        {movable && <DragHandle item={{ type: 'files', id: file.id, name: file.name }} />}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <IconFile size={18} />
          <UnstyledButton onClick={onPreview}>{file.name}</UnstyledButton>
          {restricted && <IconShieldLock size={14} aria-label={t('files:restricted')} />}
          {!file.attachment && (
            <Badge size="xs" color="gray" variant="light">
              {t('files:no_content_short')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td visibleFrom="sm">{formatFileSize(file.size, locale)}</Table.Td>
      <Table.Td visibleFrom="md">{formatDateTime(file.updated_at, locale)}</Table.Td>
      <Table.Td w={48}>{menu}</Table.Td>
    </Table.Tr>
  );
}

/**
 * /files/explorer (spec platform §2 Files; issue 24): the folder tree, a folder's folders and files
 * with breadcrumbs, several files dropped at once uploaded with their progress, moves by dragging
 * a row onto a folder or by "Move to…" and a folder picked in a tree (tablets), rename, access, delete with what it holds counted, previews of images and
 * PDFs, downloads and former versions, and a search by name and tag across the explorer.
 */
export default function ExplorerPage() {
  const { t } = useTranslation();
  const { can } = useMe();
  const refresh = useRefresh();
  const [params, setParams] = useSearchParams();
  const folder = params.get('folder');
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [tags, setTags] = useState<string[]>([]);
  const searching = Boolean(q || tags.length);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const replacer = useRef<{ input: HTMLInputElement | null; file: FileRecord | null }>({ input: null, file: null });
  const uploads = useUploads({ folder });

  const open = (id: string | null) => {
    setSearch('');
    setTags([]);
    setParams(id ? { folder: id } : {});
  };
  const path = useQuery({
    queryKey: ['folders', 'path', folder],
    queryFn: () => api.list<Folder>('folders', { filter: { with_ids: [folder!] }, page: { number: 1, size: 1 }, extra: { add_data: 'path' } }, { global: false }),
    enabled: Boolean(folder),
  });
  const here = path.data?.data[0];
  const above = useMemo(() => (path.data?.meta as { path?: Record<string, { id: string; name: string }[]> } | undefined)?.path?.[folder ?? ''] ?? [], [path.data, folder]);
  const opened = useMemo(() => new Set(above.map((f) => f.id)), [above]);

  const filter = searching ? { search: q || undefined, tags: tags.length ? tags : undefined } : null;
  const folders = useSubfolders(folder, !searching);
  const found = useList<Folder>('folders', { filter: filter ?? {}, sort: 'name', page: { number: 1, size: 100 } }, { enabled: searching });
  const files = useList<FileRecord>('files', { filter: filter ?? { folder: folder ?? 'root' }, sort: 'name', page: { number: 1, size: 100 } });
  const folderRows = (searching ? found.data?.data : folders.data?.data) ?? [];
  const fileRows = files.data?.data ?? [];

  const move = useMutation({ mutationFn: ({ item, to }: { item: Item; to: string | null }) => moveTo(item, to), onSettled: () => refresh() });
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const item = active.data.current as Item | undefined;
    const to = over?.data.current as { folder: string | null } | undefined;
    if (!item || !to || (item.type === 'folders' && to.folder === item.id)) return;
    move.mutate({ item, to: to.folder });
  };
  const replace = useMutation({
    mutationFn: ({ file, content }: { file: FileRecord; content: File }) => upload('files', file.id, 'attachment', content),
    onSettled: () => refresh(),
  });

  const mayUpload = can(FILES.create) && can(FILES.edit);
  const menuOf = (item: Item, file?: FileRecord) => {
    const P = item.type === 'files' ? FILES : FOLDERS;
    const lockedSystem = item.system && !can('manage system folders');
    return (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('files:actions.menu', { name: item.name })} data-testid="row-menu">
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {file && <Menu.Item onClick={() => setDialog({ kind: 'preview', file })}>{t('files:actions.preview')}</Menu.Item>}
          {file?.attachment && <Menu.Item onClick={() => void download(file.attachment!, file.name)}>{t('files:actions.download')}</Menu.Item>}
          {file && <Menu.Item onClick={() => setDialog({ kind: 'versions', file })}>{t('files:actions.versions')}</Menu.Item>}
          {file && can(FILES.edit) && (
            <Menu.Item
              onClick={() => {
                replacer.current.file = file;
                replacer.current.input?.click();
              }}
            >
              {t(file.attachment ? 'files:actions.replace' : 'files:actions.add_content')}
            </Menu.Item>
          )}
          {can(P.edit) && !lockedSystem && <Menu.Item onClick={() => setDialog({ kind: 'name', item })}>{t('files:actions.rename')}</Menu.Item>}
          {can(P.edit) && !lockedSystem && (
            // Where it is: the open folder, unless the list shows a search (then the tree says nothing chosen).
            <Menu.Item onClick={() => setDialog({ kind: 'move', item, from: searching ? undefined : folder })} data-testid="menu-move">
              {t('files:actions.move_to')}
            </Menu.Item>
          )}
          {can(`manage access ${item.type}`) && !lockedSystem && (
            <Menu.Item onClick={() => setDialog({ kind: 'access', item })} data-testid="menu-access">
              {t('files:actions.access')}
            </Menu.Item>
          )}
          {can(P.delete) && !lockedSystem && (
            <Menu.Item color="red" onClick={() => setDialog({ kind: 'delete', item })} data-testid="menu-delete">
              {t('common:actions.delete')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    );
  };

  const top = useDropFolder('crumb', null);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('files:explorer')}
        </Title>
        <Group gap="xs">
          {can(FOLDERS.create) && (
            <Button variant="default" leftSection={<IconFolderPlus size={16} />} onClick={() => setDialog({ kind: 'name' })} data-testid="new-folder">
              {t('folders:new')}
            </Button>
          )}
          {mayUpload && (
            <Button leftSection={<IconUpload size={16} />} onClick={() => picker.current?.click()}>
              {t('files:upload.button')}
            </Button>
          )}
        </Group>
      </Group>
      <input ref={picker} type="file" multiple hidden data-testid="upload-input" onChange={(e) => void uploads.start([...(e.currentTarget.files ?? [])]).then(() => picker.current && (picker.current.value = ''))} />
      <input
        ref={(el) => void (replacer.current.input = el)}
        type="file"
        hidden
        onChange={(e) => {
          const content = e.currentTarget.files?.[0];
          const file = replacer.current.file;
          e.currentTarget.value = '';
          if (content && file) replace.mutate({ file, content });
        }}
      />
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        <Group align="flex-start" gap="md" wrap="nowrap">
          <Paper withBorder p="xs" w={240} miw={200} visibleFrom="sm">
            <ScrollArea.Autosize mah="70vh">
              <FolderTree current={folder} opened={opened} onOpen={open} />
            </ScrollArea.Autosize>
          </Paper>
          <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
            <Breadcrumbs aria-label={t('files:breadcrumbs')} data-testid="breadcrumbs">
              <Anchor ref={top.ref} component="button" onClick={() => open(null)} bg={top.over ? 'blue.0' : undefined}>
                {t('files:top')}
              </Anchor>
              {above.map((f) => (
                <Anchor key={f.id} component="button" onClick={() => open(f.id)}>
                  {f.name}
                </Anchor>
              ))}
              {here && <Text fw={500}>{here.name}</Text>}
            </Breadcrumbs>
            <Group gap="xs" align="flex-end">
              <TextInput
                leftSection={<IconSearch size={16} />}
                placeholder={t('files:search')}
                aria-label={t('files:search')}
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                style={{ flex: 1, minWidth: 180 }}
                data-testid="files-search"
              />
              <Box miw={200}>
                <RelationSelect relation={relationOf('tags', true)} label={t('fields:common.tags')} value={tags} onChange={(v) => setTags(v as string[])} hideLabel name="tags" />
              </Box>
            </Group>
            <FileDropZone onFiles={mayUpload ? (dropped) => void uploads.start(dropped) : undefined}>
              <Table highlightOnHover verticalSpacing={6}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40} />
                    <Table.Th>{t('fields:common.name')}</Table.Th>
                    <Table.Th visibleFrom="sm">{t('fields:files.size')}</Table.Th>
                    <Table.Th visibleFrom="md">{t('fields:common.updated_at')}</Table.Th>
                    <Table.Th w={48} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {folderRows.map((f) => (
                    <FolderRow key={f.id} folder={f} movable={can(FOLDERS.edit) && (!f.system || can('manage system folders'))} onOpen={() => open(f.id)} menu={menuOf({ type: 'folders', id: f.id, name: f.name, system: f.system })} />
                  ))}
                  {fileRows.map((f) => (
                    <FileRow key={f.id} file={f} movable={can(FILES.edit)} onPreview={() => setDialog({ kind: 'preview', file: f })} menu={menuOf({ type: 'files', id: f.id, name: f.name }, f)} />
                  ))}
                </Table.Tbody>
              </Table>
              {!folderRows.length && !fileRows.length && (
                <Text c="dimmed" ta="center" p="lg" data-testid="explorer-empty">
                  {t(searching ? 'files:nothing_found' : mayUpload ? 'files:empty_drop' : 'files:empty')}
                </Text>
              )}
              {(files.data?.total ?? 0) > fileRows.length && (
                <Text size="sm" c="dimmed" p="xs">
                  {t('files:more', { shown: fileRows.length, total: files.data?.total })}
                </Text>
              )}
            </FileDropZone>
            <UploadList sent={uploads.sent} clear={uploads.clear} />
          </Stack>
        </Group>
      </DndContext>
      {dialog?.kind === 'name' && <NameDialog item={dialog.item} parent={folder} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && <DeleteDialog item={dialog.item} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'access' && <AccessDialog item={dialog.item} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'move' && <MoveDialog item={dialog.item} from={dialog.from} opened={folder ? new Set([...opened, folder]) : opened} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'preview' && <PreviewDialog file={dialog.file} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'versions' && <VersionsDialog file={dialog.file} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
