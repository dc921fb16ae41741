import { useTranslation } from 'react-i18next';

/** Messages of client rules are keys ('validation:required'); server messages are already translated. */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    return /^[a-z]+:[\w.]+$/.test(message) && i18n.exists(message) ? t(message) : message;
  };
}
