import { ActionIcon, Alert, Avatar, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconMessages, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { buildThreads, commentSegments, mayChangeComment } from '@atelier/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/jsonapi.ts';
import { useMe } from '../../app/AppData.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useComments, useCommentWrites, type Comment } from './commentApi.ts';
import { EMPTY_DRAFT, MentionTextarea, type Draft } from './MentionTextarea.tsx';
import { personName, toEditable, toMarkup, type Person } from './mentionText.ts';

/** The server's refusal of a body (422 on it), else its first message. */
function errorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const e = error.errors.find((x) => x.source?.pointer === '/data/attributes/body') ?? error.errors[0];
  return e?.detail ?? e?.title ?? null;
}

/** A comment's text: mentions stand out (by weight and colour, and their @); never drawn as HTML. */
function CommentBody({ body }: { body: string }) {
  return (
    <Text size="md" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="comment-body">
      {commentSegments(body).map((s, i) =>
        s.kind === 'text' ? (
          s.text
        ) : (
          <Text key={i} span fw={700} c="blue.9" data-mention={s.userId}>
            @{s.name}
          </Text>
        ),
      )}
    </Text>
  );
}

/** Write a comment or a reply: the text with its mentions, sent as the server's markup. */
function Composer(props: { people: readonly Person[]; label: string; initial?: Draft; submitLabel: string; onSubmit: (body: string) => Promise<unknown>; onCancel?: () => void; autoFocus?: boolean; testId: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(props.initial ?? EMPTY_DRAFT);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    if (!draft.text.trim() || busy) return;
    setBusy(true);
    setError(null);
    try {
      await props.onSubmit(toMarkup(draft.text, draft.mentions));
      setDraft(EMPTY_DRAFT);
    } catch (e) {
      setError(errorText(e) ?? t('comments:error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" data-testid={props.testId}>
      <MentionTextarea value={draft} onChange={setDraft} people={props.people} label={props.label} placeholder={t('comments:placeholder')} error={error} autoFocus={props.autoFocus} onSubmit={send} />
      <Group gap="xs" justify="flex-end">
        {props.onCancel && (
          <Button size="md" variant="default" onClick={props.onCancel}>
            {t('comments:cancel')}
          </Button>
        )}
        <Button size="md" leftSection={<IconSend size={18} />} onClick={send} loading={busy} disabled={!draft.text.trim()}>
          {props.submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}

function initials(owner: Comment['owner']) {
  if (!owner) return '?';
  return `${owner.firstname?.[0] ?? ''}${owner.lastname?.[0] ?? ''}`.toUpperCase() || '?';
}

interface ItemProps {
  comment: Comment;
  people: readonly Person[];
  writes: ReturnType<typeof useCommentWrites>;
  onReply?: () => void;
  children?: ReactNode;
}

/** One comment: who, when, edited or not, its text; reply, edit and delete as the user may. */
function CommentItem({ comment, people, writes, onReply, children }: ItemProps) {
  const { t } = useTranslation();
  const { me, permissions } = useMe();
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const owner = comment.owner ?? null;
  const actor = { id: me.id, permissions };
  const row = { owner_id: owner?.id ?? null, deleted_at: comment.deleted_at };
  const when = formatDateTime(comment.created_at ?? '', currentLocale());
  if (comment.deleted_at)
    return (
      <Stack gap="xs" data-testid="comment" data-deleted>
        <Text c="dimmed" fs="italic">
          {t('comments:deleted')}
        </Text>
        {children}
      </Stack>
    );
  return (
    <Stack gap="xs" data-testid="comment" data-comment={comment.id}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar radius="xl" color="blue" aria-hidden>
          {initials(owner)}
        </Avatar>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{owner ? personName(owner) : t('comments:former_user')}</Text>
            <Text size="sm" c="dimmed" component="time" dateTime={comment.created_at ?? undefined}>
              {when}
            </Text>
            {comment.edited_at && (
              <Badge size="sm" variant="light" color="gray" tt="none" title={formatDateTime(comment.edited_at, currentLocale())}>
                {t('comments:edited')}
              </Badge>
            )}
          </Group>
          {editing ? (
            <Composer
              people={people}
              label={t('comments:edit_label')}
              initial={toEditable(comment.body)}
              submitLabel={t('comments:save')}
              autoFocus
              testId="comment-edit"
              onCancel={() => setEditing(false)}
              onSubmit={async (body) => {
                await writes.edit.mutateAsync({ id: comment.id, body });
                setEditing(false);
              }}
            />
          ) : (
            <CommentBody body={comment.body} />
          )}
          {!editing && (
            <Group gap={4}>
              {onReply && (
                <Button size="sm" mih={40} variant="subtle" leftSection={<IconArrowBackUp size={18} />} onClick={onReply}>
                  {t('comments:reply')}
                </Button>
              )}
              {mayChangeComment(actor, row, 'edit') && (
                <ActionIcon size={40} variant="subtle" color="gray.8" aria-label={t('comments:edit')} onClick={() => setEditing(true)}>
                  <IconPencil size={18} />
                </ActionIcon>
              )}
              {mayChangeComment(actor, row, 'delete') && (
                <ActionIcon size={40} variant="subtle" color="red.9" aria-label={t('comments:delete')} onClick={() => setConfirm(true)}>
                  <IconTrash size={18} />
                </ActionIcon>
              )}
            </Group>
          )}
        </Stack>
      </Group>
      {children}
      <Modal opened={confirm} onClose={() => setConfirm(false)} title={t('comments:delete')} centered closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
        <Stack>
          <Text>{t('comments:confirm_delete')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(false)} data-autofocus>
              {t('comments:cancel')}
            </Button>
            <Button color="red.9" loading={writes.remove.isPending} onClick={() => writes.remove.mutate(comment.id, { onSettled: () => setConfirm(false) })} data-testid="comment-delete-confirm">
              {t('comments:delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/**
 * The discussion of any record (an inspection, one of its answers; estimations and repairs later):
 * threads of comments with one level of replies, mentions of the organization's people (who are
 * notified), edit and delete of one's own; read again every 30 s and when the window gets the focus.
 */
export function CommentThread({ objectType, objectId, title }: { objectType: string; objectId: string; title?: string }) {
  const { t } = useTranslation();
  const { can } = useMe();
  const q = useComments(objectType, objectId, can('view any comments'));
  const writes = useCommentWrites(objectType, objectId);
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const people = q.data?.people ?? [];
  const threads = buildThreads((q.data?.comments ?? []).map((c) => ({ ...c, reply_to_id: c.replyTo?.id ?? null, created_at: c.created_at ?? '' })));
  const mayWrite = can('create comments');
  // Without the right to read comments there is no thread to show (the list would be refused).
  if (!can('view any comments')) return null;
  return (
    <Stack gap="md" data-testid="comment-thread">
      <Group gap="xs">
        <IconMessages size={22} aria-hidden />
        <Title order={2} size="h4">
          {title ?? t('comments:title')}
        </Title>
        {threads.length > 0 && (
          <Badge variant="light" color="gray" data-testid="comment-count">
            {q.data?.comments.filter((c) => !c.deleted_at).length}
          </Badge>
        )}
      </Group>
      {q.isPending ? (
        <Loader size="sm" />
      ) : q.isError ? (
        <Alert color="red">{t('comments:load_error')}</Alert>
      ) : threads.length === 0 ? (
        <Text c="dimmed">{t('comments:none')}</Text>
      ) : (
        <Stack gap="md">
          {threads.map(({ comment, replies }) => (
            <Paper key={comment.id} withBorder p="sm" radius="md">
              <CommentItem comment={comment} people={people} writes={writes} onReply={mayWrite && !comment.deleted_at ? () => setReplyingTo(comment.id) : undefined}>
                {(replies.length > 0 || replyingTo === comment.id) && (
                  <Stack gap="sm" pl="xl" ml="md" style={{ borderInlineStart: '3px solid var(--mantine-color-gray-3)' }}>
                    {replies.map((r) => (
                      <CommentItem key={r.id} comment={r} people={people} writes={writes} />
                    ))}
                    {replyingTo === comment.id && (
                      <Composer
                        people={people}
                        label={t('comments:reply_label')}
                        submitLabel={t('comments:reply')}
                        autoFocus
                        testId="comment-reply"
                        onCancel={() => setReplyingTo(null)}
                        onSubmit={async (body) => {
                          await writes.create.mutateAsync({ body, replyTo: comment.id });
                          setReplyingTo(null);
                        }}
                      />
                    )}
                  </Stack>
                )}
              </CommentItem>
            </Paper>
          ))}
        </Stack>
      )}
      {mayWrite && <Composer people={people} label={t('comments:new_label')} submitLabel={t('comments:send')} testId="comment-new" onSubmit={(body) => writes.create.mutateAsync({ body })} />}
    </Stack>
  );
}
