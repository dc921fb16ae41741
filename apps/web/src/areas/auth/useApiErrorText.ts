import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../api/jsonapi.ts';
import { translateError } from '../../i18n/index.ts';

/** The text of a failed call for inline alerts; rate limits say when to retry. */
export function useApiErrorText() {
  const { t } = useTranslation();
  return (e: unknown): string => {
    if (e instanceof ApiError) {
      if (e.status === 429 && e.retryAfter) return t('errors:too_many_attempts', { seconds: e.retryAfter });
      return errorMessage(e.errors, translateError);
    }
    return t('errors:SOMETHING_WENT_WRONG');
  };
}
