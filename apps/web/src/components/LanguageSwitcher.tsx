import { SegmentedControl, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@atelier/domain';
import { setLocale } from '../app/session.ts';
import { currentLocale } from '../i18n/index.ts';

/** Français / Anglais; stored (GLOBAL_LOCALE) and sent as Accept-Language by every call; what is shown is read again in it (session.ts). */
export function LanguageSwitcher({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const labels: Record<string, string> = { fr: t('common:languages.fr'), en: t('common:languages.en') };
  return (
    <div role="group" aria-labelledby="language-switcher-label">
      <VisuallyHidden id="language-switcher-label">{t('common:languages.label')}</VisuallyHidden>
      <SegmentedControl
        size={size}
        value={locale}
        onChange={setLocale}
        data={LOCALES.map((l) => ({ value: l, label: labels[l] }))}
        data-testid="language-switcher"
      />
    </div>
  );
}
