import { useState } from 'react';
import { Alert, Button, FileInput, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API_BASE, headersOf } from '../../api/client.ts';
import { ApiError, type JsonApiDocument } from '../../api/jsonapi.ts';
import { deserialize } from '../../api/documents.ts';
import { messageOf, useModels, type ImportRecord } from './common.tsx';

/** POST /imports as multipart/form-data (model, file). */
async function uploadImport(model: string, file: File): Promise<ImportRecord> {
  const form = new FormData();
  form.append('model', model);
  form.append('file', file);
  const res = await fetch(`${API_BASE}/imports`, { method: 'POST', headers: headersOf(false), body: form });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, body?.errors ?? [{ status: String(res.status), title: `HTTP ${res.status}` }]);
  // The upload answers the JSON:API document of the one import it made.
  return deserialize<ImportRecord>(body as JsonApiDocument) as ImportRecord;
}

/** /admin/imports/new: what to import and the file. */
export default function ImportNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const models = useModels();
  const [model, setModel] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const send = useMutation({
    mutationFn: () => uploadImport(model!, file!),
    onSuccess: (imp) => navigate(`/admin/imports/${imp.id}`),
  });
  return (
    <Stack maw={640}>
      <Title order={2}>{t('imports:new')}</Title>
      <Text c="dimmed" size="sm">
        {t('imports:upload_help')}
      </Text>
      <Select
        label={t('imports:fields.model')}
        data={(models.data ?? []).map((m) => ({ value: m.id, label: m.label }))}
        value={model}
        onChange={setModel}
        required
        data-testid="import-model"
      />
      <FileInput
        label={t('imports:file')}
        placeholder={t('imports:file_placeholder')}
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        value={file}
        onChange={setFile}
        required
        clearable
        data-testid="import-file"
      />
      {send.error && (
        <Alert color="red" data-testid="import-error">
          {messageOf(send.error)}
        </Alert>
      )}
      <Group>
        <Button onClick={() => send.mutate()} disabled={!model || !file} loading={send.isPending} data-testid="import-upload">
          {t('imports:upload')}
        </Button>
        <Button variant="default" component={Link} to="/admin/imports">
          {t('imports:back')}
        </Button>
      </Group>
    </Stack>
  );
}
