import { ActionIcon, Alert, Button, FileButton, Group, Image, Modal, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCamera, IconX } from '@tabler/icons-react';
import { Suspense, createContext, lazy, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { inspectionWorkflow, type RecordOf } from '@atelier/domain';
import { useTranslation } from 'react-i18next';
import { api, upload } from '../../api/client.ts';
import { ApiError } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { useFileSrc } from '../../components/useFileSrc.ts';
import { jpegName, resizeImage } from '../../lib/imageResize.ts';
import { useOnline } from '../../lib/online.ts';
import { TOUCH } from './controls.tsx';
import { FindingVideo } from './FindingVideo.tsx';

const SIZE = 96;

// The markup's drawing library (Konva) is loaded only when a photo is taken for a finding: the
// inspection screen's bundle does not carry it (docs/decisions.md "Photo markup").
const PhotoMarkup = lazy(() => import('./PhotoMarkup.tsx'));

function Thumbnail({ url, alt, onOpen, size = SIZE }: { url: string; alt: string; onOpen: () => void; size?: number }) {
  const src = useFileSrc(url);
  return (
    <UnstyledButton onClick={onOpen} aria-label={alt} w={size} h={size} style={{ borderRadius: 8, overflow: 'hidden' }} data-testid="photo-thumbnail">
      <Image src={src} alt="" w={size} h={size} fit="cover" bg="gray.1" />
    </UnstyledButton>
  );
}

function Enlarged({ url, alt, onClose }: { url: string; alt: string; onClose: () => void }) {
  const { t } = useTranslation();
  const src = useFileSrc(url);
  return (
    <Modal opened onClose={onClose} title={alt} size="xl" centered closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <Image src={src} alt={alt} fit="contain" mah="75vh" data-testid="photo-enlarged" />
    </Modal>
  );
}

/** Photos shown only (an estimate item's, from its inspection): small thumbnails, a tap enlarges. */
export function PhotoThumbnails({ images, name, size = 48 }: { images: readonly string[]; name: string; size?: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  if (images.length === 0) return null;
  const alt = (i: number) => t('inspections:photos.alt', { name, n: i + 1 });
  return (
    <Group gap={4} wrap="nowrap" data-testid="photo-thumbnails">
      {images.map((url, i) => (
        <Thumbnail key={url} url={url} alt={alt(i)} size={size} onOpen={() => setOpen(i)} />
      ))}
      {open !== null && images[open] ? <Enlarged url={images[open]} alt={alt(open)} onClose={() => setOpen(null)} /> : null}
    </Group>
  );
}

export interface PhotoStripProps {
  /** The record whose `images` list holds the photos (POST /uploads/{resource}/{id}/images). */
  resource: 'inspections' | 'inspection-fields';
  recordId: string;
  images: readonly string[];
  /** What the photos show, for their text alternatives. */
  name: string;
  /** Photos may be taken and removed (else only shown). */
  editable: boolean;
  onChange: (images: string[]) => void;
  testId?: string;
  /** A photo taken may be marked up (a circle, an arrow, a word) before it is saved: a finding's. */
  markup?: boolean;
}

/**
 * A record's photos: thumbnails (a tap enlarges), the camera button of the tablet (the photo made
 * smaller in the browser before it goes), a remove button on each. Photos need the connection:
 * offline, the button waits (the inspection screen's offline banner says why, once; answers do not wait).
 */
export function PhotoStrip({ resource, recordId, images, name, editable, onChange, testId, markup = false }: PhotoStripProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const [busy, setBusy] = useState<'preparing' | 'sending' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  /** A photo taken, waiting for its marks before it is sent. */
  const [marking, setMarking] = useState<File | null>(null);
  const describe = (e: unknown) => (e instanceof ApiError ? (e.errors[0]?.detail ?? e.message) : String(e));

  const send = async (photo: File) => {
    try {
      setBusy('sending');
      const { url } = await upload(resource, recordId, 'images', photo);
      onChange([...images, url]);
      setMarking(null);
    } catch (e) {
      setError(t('inspections:photos.failed', { error: describe(e) }));
    } finally {
      setBusy(null);
    }
  };
  const take = async (file: File | null) => {
    if (!file) return;
    setError(null);
    let small: File;
    try {
      setBusy('preparing');
      small = await resizeImage(file);
    } catch (e) {
      setError(t('inspections:photos.failed', { error: describe(e) }));
      setBusy(null);
      return;
    }
    setBusy(null);
    if (markup) setMarking(small);
    else await send(small);
  };
  const remove = async (index: number) => {
    setError(null);
    const next = images.filter((_, i) => i !== index);
    try {
      const saved = await api.update<RecordOf<'inspections'> | RecordOf<'inspection-fields'>>({ type: resource, id: recordId, attributes: { images: next } });
      onChange(saved.images);
    } catch (e) {
      setError(t('inspections:photos.failed', { error: describe(e) }));
    } finally {
      setRemoving(null);
    }
  };

  if (!editable && images.length === 0) return null;
  return (
    <Stack gap="xs" data-testid={testId ?? 'photos'} data-count={images.length}>
      <Group gap="sm" align="center">
        {images.map((url, i) => (
          <div key={url} style={{ position: 'relative' }}>
            <Thumbnail url={url} alt={t('inspections:photos.open', { n: i + 1 })} onOpen={() => setOpen(i)} />
            {editable && (
              <ActionIcon
                pos="absolute"
                top={-10}
                right={-10}
                size={36}
                radius="xl"
                color="red.9"
                variant="filled"
                aria-label={t('inspections:photos.remove', { n: i + 1 })}
                disabled={!online}
                onClick={() => setRemoving(i)}
              >
                <IconX size={18} />
              </ActionIcon>
            )}
          </div>
        ))}
        {editable && (
          <FileButton onChange={take} accept="image/*" capture="environment" disabled={!online || busy !== null}>
            {(props) => (
              <Button {...props} size="lg" mih={TOUCH} variant="light" leftSection={<IconCamera size={22} />} loading={busy !== null} disabled={!online} data-testid="photo-take">
                {images.length ? t('inspections:photos.add') : t('inspections:photos.take')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {busy && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t(`inspections:photos.${busy}`)}
        </Text>
      )}
      {error && (
        <Alert color="red" p="xs" data-testid="photos-error">
          {error}
        </Alert>
      )}
      {marking && (
        <Modal
          opened
          onClose={() => busy === null && setMarking(null)}
          title={t('inspections:photos.markup.title', { name })}
          fullScreen
          closeOnClickOutside={false}
          closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        >
          <Suspense fallback={<Text size="sm">{t('inspections:photos.markup.loading')}</Text>}>
            <PhotoMarkup
              file={marking}
              saving={busy === 'sending'}
              onCancel={() => setMarking(null)}
              onSave={(photo, marked) => void send(marked ? new File([photo], jpegName(marking.name), { type: 'image/jpeg' }) : marking)}
            />
          </Suspense>
          {error && (
            <Alert color="red" p="xs" mt="sm" data-testid="markup-error">
              {error}
            </Alert>
          )}
        </Modal>
      )}
      {open !== null && images[open] && <Enlarged url={images[open]} alt={t('inspections:photos.alt', { n: open + 1, name })} onClose={() => setOpen(null)} />}
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={t('inspections:photos.remove', { n: (removing ?? 0) + 1 })} centered closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
        <Stack>
          <Text>{t('inspections:photos.confirm_remove')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)} data-autofocus>
              {t('comments:cancel')}
            </Button>
            <Button color="red.9" onClick={() => removing !== null && void remove(removing)} data-testid="photo-remove-confirm">
              {t('inspections:photos.remove', { n: (removing ?? 0) + 1 })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

interface FieldPhotosValue {
  editable: boolean;
  /** The inspection-fields record answering a form field, its photos and video. */
  photosOf(fieldId: string): FieldMedia | null;
  setMedia(fieldId: string, media: Partial<Omit<FieldMedia, 'recordId'>>): void;
}

interface FieldMedia {
  recordId: string;
  images: string[];
  video: string | null;
}

const FieldPhotosContext = createContext<FieldPhotosValue | null>(null);

/** The record answering a form field on the inspection screen (none in the preview). */
export const useFieldRecord = (fieldId: string) => useContext(FieldPhotosContext)?.photosOf(fieldId)?.recordId ?? null;

type FieldRecord = RecordOf<'inspection-fields'>;

const photosOfFields = (fields: readonly FieldRecord[]) =>
  new Map<string, FieldMedia>(
    fields.flatMap((r) => {
      const fieldId = r.inspectionFormSectionField?.id;
      return fieldId ? [[fieldId, { recordId: r.id, images: r.images, video: r.video ?? null }] as const] : [];
    }),
  );

/** The answers' records and photos of an inspection, by form field, for the fields drawn below it (the preview has none). */
export function FieldPhotosProvider({ fields, editable, children }: { fields: readonly FieldRecord[]; editable: boolean; children: ReactNode }) {
  const [images, setAll] = useState(() => photosOfFields(fields));
  // The answers read again (queue drained, worker warm): the server's photos, without remounting
  // the form below (a remount would restart it from a stale queue and lose the open section).
  const [read, setRead] = useState(fields);
  if (read !== fields) {
    setRead(fields);
    setAll(photosOfFields(fields));
  }
  const setMedia = useCallback(
    (fieldId: string, next: Partial<Omit<FieldMedia, 'recordId'>>) =>
      setAll((m) => {
        const at = m.get(fieldId);
        return at ? new Map(m).set(fieldId, { ...at, ...next }) : m;
      }),
    [],
  );
  const value = useMemo<FieldPhotosValue>(() => ({ editable, photosOf: (id) => images.get(id) ?? null, setMedia }), [editable, images, setMedia]);
  return <FieldPhotosContext.Provider value={value}>{children}</FieldPhotosContext.Provider>;
}

/** A field's photos and video on its card, when the form lets it take some (can_upload_image). */
export function FieldPhotos({ fieldId, name }: { fieldId: string; name: string }) {
  const ctx = useContext(FieldPhotosContext);
  const photos = ctx?.photosOf(fieldId);
  if (!ctx || !photos) return null;
  return (
    <Stack gap="xs">
      <PhotoStrip
        resource="inspection-fields"
        recordId={photos.recordId}
        images={photos.images}
        name={name}
        editable={ctx.editable}
        onChange={(next) => ctx.setMedia(fieldId, { images: next })}
        testId={`photos-${fieldId}`}
        markup
      />
      <FindingVideo recordId={photos.recordId} video={photos.video} name={name} editable={ctx.editable} onChange={(video) => ctx.setMedia(fieldId, { video })} />
    </Stack>
  );
}

/** The inspection's own photos, in its summary: taken until it is completed, by whoever may edit it. */
export function InspectionPhotos({ inspection }: { inspection: RecordOf<'inspections'> }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const qc = useQueryClient();
  const [images, setImages] = useState(inspection.images);
  const editable = can('edit inspections') && inspectionWorkflow.isEditable(inspection.state);
  if (!editable && images.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('inspections:photos.inspection')}
        </Title>
        <PhotoStrip
          resource="inspections"
          recordId={inspection.id}
          images={images}
          name={inspection.code ?? ''}
          editable={editable}
          onChange={(next) => {
            setImages(next);
            void qc.invalidateQueries({ queryKey: ['inspections'] });
          }}
          testId="inspection-photos"
        />
      </Stack>
    </Paper>
  );
}
