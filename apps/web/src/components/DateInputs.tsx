import { DateInput, DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/fr';
import 'dayjs/locale/en';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n/index.ts';
import { DATE_FORMATS, isoToLocal, localToIso, parseTypedDate } from './dates.ts';

interface Common {
  label: string;
  error?: string;
  required?: boolean;
  name?: string;
  description?: string;
  disabled?: boolean;
  onBlur?: () => void;
}

/**
 * A day (birthday, ...): value 'YYYY-MM-DD'. Typed in the user's format (jj/mm/aaaa in French)
 * or picked in a calendar in the user's language.
 */
export function DayInput({ value, onChange, maxDate, ...rest }: Common & { value: unknown; onChange: (v: string) => void; maxDate?: string }) {
  useTranslation(); // re-render on a change of language
  const locale = currentLocale();
  const f = DATE_FORMATS[locale];
  const v = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
  return (
    <DateInput
      {...rest}
      value={v}
      onChange={(d) => onChange(d ?? '')}
      locale={locale}
      valueFormat={f.date}
      placeholder={f.placeholder}
      dateParser={(text) => parseTypedDate(text, locale)}
      maxDate={maxDate}
      clearable={!rest.required}
      popoverProps={{ zIndex: 450 }}
      data-locale={locale}
    />
  );
}

/**
 * A date and time (a request's due date): value an ISO instant, shown and picked in the user's
 * time zone and language (jj/mm/aaaa hh:mm in French, 24-hour clock).
 */
export function DateTimeField({ value, onChange, ...rest }: Common & { value: unknown; onChange: (v: string) => void }) {
  useTranslation();
  const locale = currentLocale();
  const f = DATE_FORMATS[locale];
  return (
    <DateTimePicker
      {...rest}
      value={isoToLocal(value)}
      onChange={(d) => onChange(localToIso(d))}
      locale={locale}
      valueFormat={f.dateTime}
      placeholder={f.placeholderTime}
      clearable={!rest.required}
      popoverProps={{ zIndex: 450 }}
      data-locale={locale}
    />
  );
}
