import { useState } from 'react';
import { Button, FileButton, Group, Paper, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { crudPermissions, type FileObjectType } from '@atelier/domain';
import { useList } from '../../api/hooks.ts';
import { useMe } from '../../app/AppData.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatDateTime, formatFileSize } from '../../lib/format.ts';
import { DownloadButton, PreviewDialog, type FileRecord } from './FileDialogs.tsx';
import { FileDropZone, UploadList, useUploads } from './Uploads.tsx';

const FILES = crudPermissions('files');

/**
 * "Files of this record" (issue 24): the files attached to a vehicle, a customer, a repair…;
 * dropped here, they are attached to it. `framed`: in a bordered panel, as the sections of a page.
 */
export function RecordFiles({ type, id, framed = false }: { type: FileObjectType; id: string; framed?: boolean }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const locale = currentLocale();
  const [preview, setPreview] = useState<FileRecord | null>(null);
  const files = useList<FileRecord>('files', { filter: { object_type: type, object_id: id }, sort: 'name', page: { number: 1, size: 100 } }, { enabled: can(FILES.viewAny) });
  const uploads = useUploads({ folder: null, object: { type, id } });
  if (!can(FILES.viewAny)) return null;
  const mayUpload = can(FILES.create) && can(FILES.edit);
  const rows = files.data?.data ?? [];
  const list = (
    <Stack gap="xs" data-testid="record-files">
      <Group justify="space-between">
        <Title order={3} size="h5">
          {t('files:of_record.title')}
        </Title>
        {mayUpload && (
          <FileButton multiple onChange={(chosen) => void uploads.start(chosen)}>
            {(props) => (
              <Button {...props} size="xs" variant="light" leftSection={<IconUpload size={14} />}>
                {t('files:upload.button')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      <FileDropZone onFiles={mayUpload ? (dropped) => void uploads.start(dropped) : undefined}>
        {rows.length ? (
          <Table verticalSpacing={4}>
            <Table.Tbody>
              {rows.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>
                    <UnstyledButton onClick={() => setPreview(f)}>{f.name}</UnstyledButton>
                  </Table.Td>
                  <Table.Td>{formatFileSize(f.size, locale)}</Table.Td>
                  <Table.Td visibleFrom="sm">{formatDateTime(f.updated_at, locale)}</Table.Td>
                  <Table.Td>
                    <DownloadButton url={f.attachment} name={f.name} size="xs" variant="subtle" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed" p="sm">
            {t(mayUpload ? 'files:of_record.empty' : 'files:of_record.none')}
          </Text>
        )}
      </FileDropZone>
      <UploadList sent={uploads.sent} clear={uploads.clear} />
      {preview && <PreviewDialog file={preview} onClose={() => setPreview(null)} />}
    </Stack>
  );
  return framed ? (
    <Paper withBorder p="md" radius="md">
      {list}
    </Paper>
  ) : (
    list
  );
}
