import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordOf } from '@atelier/domain';
import { api } from '../../api/client.ts';
import type { Person } from './mentionText.ts';

export type Comment = RecordOf<'comments'> & { owner?: RecordOf<'users'> | null };

/** Comments are read again this often while the thread is on screen (and when the window gets the focus back). */
export const COMMENTS_REFRESH_MS = 30_000;

export const commentsKey = (objectType: string, objectId: string) => ['comments', objectType, objectId] as const;

/** A record's comments with their authors, and the people a mention may name (meta.mentionable). */
export function useComments(objectType: string, objectId: string, enabled = true) {
  return useQuery({
    queryKey: commentsKey(objectType, objectId),
    queryFn: async ({ signal }) => {
      const res = await api.list<Comment>(
        'comments',
        { filter: { object_type: objectType, object_id: objectId }, include: 'owner', sort: 'created_at', page: { number: 1, size: 100 }, extra: { add_data: 'mentionable' } },
        { signal, global: false },
      );
      // add_data's answer (who may be mentioned) comes in the document's free-form meta.
      const people = Array.isArray(res.meta?.mentionable) ? (res.meta.mentionable as Person[]) : [];
      return { comments: res.data, total: res.total, people };
    },
    enabled,
    refetchInterval: COMMENTS_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** Write, edit and delete a record's comments; the thread is read again after each. */
export function useCommentWrites(objectType: string, objectId: string) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: commentsKey(objectType, objectId) });
  const create = useMutation({
    mutationFn: ({ body, replyTo }: { body: string; replyTo?: string }) =>
      api.create({ type: 'comments', attributes: { object_type: objectType, object_id: objectId, body }, relationships: replyTo ? { replyTo: { type: 'comments', value: replyTo } } : undefined }),
    onSuccess: refresh,
  });
  const edit = useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) => api.update({ type: 'comments', id, attributes: { body } }),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: string) => api.remove('comments', id), onSuccess: refresh });
  return { create, edit, remove };
}
