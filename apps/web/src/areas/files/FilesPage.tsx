import { Group } from '@mantine/core';
import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatFileSize } from '../../lib/format.ts';
import { DownloadButton } from './FileDialogs.tsx';

/** /files/files (spec platform §2 Files): every file the user sees, in one list, searchable; each opens in a drawer. */
export default function FilesPage() {
  return (
    <SimpleResourcePage
      type="files"
      listInclude="folder"
      include="folder,tags,allowedLocations,roles,users"
      columns={['name', 'folder', { key: 'size', render: (f) => formatFileSize(f.size, currentLocale()), visibleFrom: 'sm' }, { key: 'mime', visibleFrom: 'md' }, { key: 'updated_at', visibleFrom: 'md' }]}
      fields={[{ name: 'name', wide: true }, 'folder', 'tags', 'allowedLocations', 'roles', 'users', 'mime', 'created_at', 'updated_at']}
    >
      {(file) => (
        <Group mt="md">
          <DownloadButton url={file.attachment} name={file.name} variant="light" data-testid="file-download" />
        </Group>
      )}
    </SimpleResourcePage>
  );
}
