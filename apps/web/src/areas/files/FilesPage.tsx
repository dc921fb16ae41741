import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SimpleResourcePage } from '../../components/resource/SimpleResourcePage.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatFileSize } from '../../lib/format.ts';
import { download } from './FileDialogs.tsx';

/** /files/files (spec platform §2 Files): every file the user sees, in one list, searchable; each opens in a drawer. */
export default function FilesPage() {
  const { t } = useTranslation();
  return (
    <SimpleResourcePage
      type="files"
      listInclude="folder"
      include="folder,tags,allowedLocations,roles,users"
      columns={['name', 'folder', { key: 'size', render: (f) => formatFileSize(f.size, currentLocale()), visibleFrom: 'sm' }, { key: 'mime', visibleFrom: 'md' }, { key: 'updated_at', visibleFrom: 'md' }]}
      fields={[{ name: 'name', wide: true }, 'folder', 'tags', 'allowedLocations', 'roles', 'users', 'mime', 'created_at', 'updated_at']}
    >
      {(file) =>
        file.attachment ? (
          <Group mt="md">
            <Button variant="light" onClick={() => void download(file.attachment!, file.name)} data-testid="file-download">
              {t('files:actions.download')}
            </Button>
          </Group>
        ) : null
      }
    </SimpleResourcePage>
  );
}
