import { useEffect, useState } from 'react';
import { ActionIcon, Box, Group, Loader, NavLink } from '@mantine/core';
import { useDroppable } from '@dnd-kit/core';
import { IconChevronDown, IconChevronRight, IconFolder, IconFolderOpen, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RecordOf } from '@atelier/domain';
import { useList } from '../../api/hooks.ts';
import type { Model } from '../../api/jsonapi.ts';

export type Folder = RecordOf<'folders'> & Model;

/** A folder's subfolders, by name (the explorer shows a folder's first hundred). */
export const useSubfolders = (parent: string | null, enabled = true) =>
  useList<Folder>('folders', { filter: { parent: parent ?? 'root' }, sort: 'name', page: { number: 1, size: 100 } }, { enabled });

/** A place things are dropped on to move them there: a folder (null: the top). */
export function useDropFolder(key: string, folder: string | null) {
  const { setNodeRef, isOver } = useDroppable({ id: `${key}:${folder ?? 'root'}`, data: { folder } });
  return { ref: setNodeRef, over: isOver };
}

interface NodeProps {
  folder: Folder;
  depth: number;
  current: string | null | undefined;
  /** The folders above the current one: opened so that it shows. */
  opened: ReadonlySet<string>;
  onOpen: (id: string) => void;
}

function FolderNode({ folder, depth, current, opened, onOpen }: NodeProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(opened.has(folder.id));
  useEffect(() => {
    if (opened.has(folder.id)) setOpen(true);
  }, [opened, folder.id]);
  const children = useSubfolders(folder.id, open);
  const drop = useDropFolder('tree', folder.id);
  const active = current === folder.id;
  return (
    <Box ref={drop.ref} bg={drop.over ? 'blue.0' : undefined}>
      <Group gap={0} wrap="nowrap" pl={depth * 14}>
        <ActionIcon variant="subtle" color="gray" size="sm" onClick={() => setOpen((o) => !o)} aria-label={t(open ? 'files:tree.collapse' : 'files:tree.expand', { name: folder.name })} aria-expanded={open}>
          {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        </ActionIcon>
        <NavLink
          component="button"
          active={active}
          label={folder.name}
          leftSection={active ? <IconFolderOpen size={16} /> : <IconFolder size={16} />}
          rightSection={folder.system ? <IconLock size={12} aria-label={t('files:system')} /> : null}
          onClick={() => onOpen(folder.id)}
          py={4}
          data-testid="tree-folder"
        />
      </Group>
      {open && children.isLoading && <Loader size="xs" ml={depth * 14 + 28} />}
      {open && children.data?.data.map((c) => <FolderNode key={c.id} folder={c} depth={depth + 1} current={current} opened={opened} onOpen={onOpen} />)}
    </Box>
  );
}

/** The explorer's tree: the top, then folders opened on demand; each a place to drop onto. `current` undefined: none chosen (the move dialog). */
export function FolderTree({ current, opened, onOpen }: { current: string | null | undefined; opened: ReadonlySet<string>; onOpen: (id: string | null) => void }) {
  const { t } = useTranslation();
  const top = useSubfolders(null);
  const drop = useDropFolder('tree', null);
  return (
    <Box component="nav" aria-label={t('files:tree.label')}>
      <Box ref={drop.ref} bg={drop.over ? 'blue.0' : undefined}>
        <NavLink component="button" active={current === null} label={t('files:top')} leftSection={<IconFolder size={16} />} onClick={() => onOpen(null)} py={4} />
      </Box>
      {top.data?.data.map((f) => <FolderNode key={f.id} folder={f} depth={0} current={current} opened={opened} onOpen={onOpen} />)}
    </Box>
  );
}
