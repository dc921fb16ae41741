import { useTranslation } from 'react-i18next';
import type { Notification } from './notificationApi.ts';
import { eventKey } from './notificationApi.ts';

/** "Marie Gagnon modified the user « Ivan Tremblay »". */
export function useNotificationText() {
  const { t, i18n } = useTranslation();
  return (n: Notification) => {
    const typeKey = `notifications:types.${n.subject_type}`;
    return t(eventKey(n), {
      causer: n.data?.causer_name || t('admin:logs.system'),
      label: n.data?.label ?? n.subject_id,
      type: i18n.exists(typeKey) ? t(typeKey) : n.subject_type,
    });
  };
}
