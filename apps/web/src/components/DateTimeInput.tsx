import { DateTimeField } from './DateInputs.tsx';

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO date-time -> the value of an <input type="datetime-local"> in the user's time zone. */
export function toLocalInput(iso: unknown): string {
  if (!iso) return '';
  const d = new Date(String(iso));
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The local value back to an ISO instant ('' stays empty). */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}

/**
 * A due date and time picker in the user's language and format (Mantine dates: jj/mm/aaaa hh:mm
 * in French), not the browser's own, which follows the browser's locale (mm/dd/yyyy).
 */
export function DateTimeInput({ label, value, onChange, error, required, name }: { label: string; value: unknown; onChange: (v: string) => void; error?: string; required?: boolean; name?: string }) {
  return <DateTimeField label={label} value={value} onChange={onChange} error={error} required={required} name={name} />;
}
