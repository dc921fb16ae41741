import { useTranslation } from 'react-i18next';

/** A client rule's message key with its values: 'validation:max_length::{"max":100}'. */
export const withParams = (key: string, params: Record<string, unknown>) => `${key}::${JSON.stringify(params)}`;

const KEY = /^([a-z]+:[\w.]+)(?:::(\{.*\}))?$/;

/** Messages of client rules are keys ('validation:required'); server messages are already translated. */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    const m = KEY.exec(message);
    if (!m || !i18n.exists(m[1])) return message;
    let params: Record<string, unknown> = {};
    try {
      params = m[2] ? (JSON.parse(m[2]) as Record<string, unknown>) : {};
    } catch {
      /* a key with a malformed tail: shown without values */
    }
    return t(m[1], params);
  };
}
