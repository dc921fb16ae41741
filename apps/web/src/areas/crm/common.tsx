import { PHONE_TYPE_LABELS, PHONE_TYPES } from '@atelier/domain';
import { currentLocale } from '../../i18n/index.ts';

/** The types of a contact's phones (items of its `phones` list), with the domain package's labels. */
export const phoneTypes = () => PHONE_TYPES.map((v) => ({ value: v, label: PHONE_TYPE_LABELS[v][currentLocale()] }));
export const phoneTypeLabel = (value: string) => (Object.hasOwn(PHONE_TYPE_LABELS, value) ? PHONE_TYPE_LABELS[value as keyof typeof PHONE_TYPE_LABELS][currentLocale()] : value);

/** A party's list columns after its name and kind (customers, suppliers): how to reach it, its city, its tags, since when. */
export const PARTY_COLUMNS = [
  { key: 'email', visibleFrom: 'sm' },
  { key: 'phone', visibleFrom: 'md' },
  { key: 'city', visibleFrom: 'md' },
  { key: 'tags', visibleFrom: 'lg' },
  { key: 'created_at', visibleFrom: 'lg' },
] as const;
