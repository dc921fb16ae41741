import { describe, expect, it } from 'vitest';
import type { RequestContext } from './context.ts';
import type { ResourceDefinition, Row } from './define-resource.ts';
import { ApiError } from './errors.ts';
import { conflictWith, enforceDelete, enforceEdit, forbid } from './policies.ts';

const ctx = {} as RequestContext;
const row = { id: 'r1', state: 'closed' } as Row;
const def = (policies: ResourceDefinition['policies']) => ({ type: 'things', policies }) as ResourceDefinition;

describe('the engine runs record policies', () => {
  it('allows when the policy answers nothing, or when there is none', async () => {
    await expect(enforceDelete(ctx, def({ delete: { refuses: { 409: 'closed things' }, check: () => undefined } }), row)).resolves.toBeUndefined();
    await expect(enforceDelete(ctx, def(undefined), row)).resolves.toBeUndefined();
  });

  it('throws every refusal with its status and pointer', async () => {
    const policies = {
      edit: {
        refuses: { 403: 'other people’s fields' },
        check: () => [forbid('error.cannot_change_own_access', undefined, '/data/attributes/a'), forbid('error.cannot_widen_access', undefined, '/data/attributes/b')],
      },
    };
    const err = await enforceEdit(ctx, def(policies), row).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(403);
    expect((err as ApiError).errors.map((e) => e.source?.pointer)).toEqual(['/data/attributes/a', '/data/attributes/b']);
  });

  it('refuses to answer a status the policy does not declare (the contract would not say it)', async () => {
    const policies = { delete: { refuses: { 403: 'other people’s things' }, check: () => conflictWith('error.conflict') } };
    await expect(enforceDelete(ctx, def(policies), row)).rejects.toThrow('The delete policy of things answers 409, which it does not declare');
  });
});
