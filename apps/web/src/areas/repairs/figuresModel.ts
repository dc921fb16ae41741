// The service manager's figures screen (issue 27): the lists behind each figure, filtered as the
// server counts it (repairs/figures.routes.ts): the repairs finished in the period, its comebacks,
// the estimates with an item decided or declined in it. Days are local, as the server reads them
// in the reader's time zone.
import { writeListState } from '../../components/resource/listState.ts';
import { listPath } from '../../app/resources.ts';

/** The period's first and last instants (local midnight to the last millisecond of the last day) as ISO instants. */
export function periodInstants(days: { from: string; to: string }): { from: string; to: string } {
  const local = (day: string) => {
    const [y, m, d] = day.split('-').map(Number);
    return new Date(y!, m! - 1, d!);
  };
  const end = local(days.to);
  end.setDate(end.getDate() + 1);
  return { from: local(days.from).toISOString(), to: new Date(end.getTime() - 1).toISOString() };
}

const href = (path: string, filters: Record<string, string>) => `${path}?${writeListState(new URLSearchParams(), { filters })}`;

/** The list each figure opens. */
export function figureLinks(days: { from: string; to: string }) {
  const at = periodInstants(days);
  const finished = { completed_from: at.from, completed_to: at.to, state: 'completed,validated' };
  const estimates = listPath('estimations');
  return {
    repairs: href(listPath('repairs'), finished),
    comebacks: href(listPath('repairs'), { ...finished, comeback: 'true' }),
    decided: href(estimates, { decided_from: at.from, decided_to: at.to }),
    declined: href(estimates, { declined_from: at.from, declined_to: at.to }),
  };
}
