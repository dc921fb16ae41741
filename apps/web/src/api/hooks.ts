import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useSelection } from '../app/session.ts';
import { api, request, type ListResult } from './client.ts';
import type { Id, JsonApiDocument, ListParams, Model } from './jsonapi.ts';
import { deserialize } from './documents.ts';
import type { User } from './types.ts';

/** Query keys: the global selection is part of every GET key, so a change refetches. */
export const keys = {
  list: (type: string, params: ListParams, sel: unknown) => [type, 'list', params, sel] as const,
  record: (type: string, id: Id, params: ListParams, sel: unknown) => [type, 'record', id, params, sel] as const,
  me: ['me'] as const,
};

export function useList<T extends Model>(
  type: string,
  params: ListParams,
  options: Partial<UseQueryOptions<ListResult<T>>> & { global?: boolean } = {},
) {
  const sel = useSelection();
  const { global, ...rest } = options;
  return useQuery<ListResult<T>>({
    queryKey: keys.list(type, params, global === false ? null : sel),
    queryFn: ({ signal }) => api.list<T>(type, params, { signal, global }),
    placeholderData: keepPreviousData,
    ...rest,
  });
}

export function useRecord<T extends Model>(
  type: string,
  id: Id | null | undefined,
  params: ListParams = {},
  options: Partial<UseQueryOptions<T>> = {},
) {
  const sel = useSelection();
  return useQuery<T>({
    queryKey: keys.record(type, id ?? '', params, sel),
    queryFn: ({ signal }) => api.get<T>(type, id as Id, params, { signal }),
    enabled: Boolean(id),
    ...options,
  });
}

export const ME_INCLUDE = 'roles,roles.permissions,organization,reseller,allowedLocations,allowedLocations.organization';

export async function fetchMe(): Promise<User> {
  const doc = await request<JsonApiDocument>('/me', {
    params: { include: ME_INCLUDE, extra: { ignore_location_filter: true } },
    global: false,
    ignoreUnauthorized: true,
  });
  return deserialize<User>(doc) as User;
}
