import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { IconBuilding, IconLanguage, IconLogout, IconMapPin, IconUser } from '@tabler/icons-react';
import { notify } from '../notify.tsx';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fullName, initials } from '../../api/types.ts';
import { useMe } from '../AppData.tsx';
import { logout, setLocale } from '../session.ts';
import { LOCALES } from '@atelier/domain';
import { currentLocale } from '../../i18n/index.ts';

/** Initials or picture; profile, my locations, my organization (when held), logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const { me, can } = useMe();
  const name = fullName(me) || me.email;
  const onLogout = () =>
    logout().catch(() => notify({ color: 'red', message: t('errors:OOPS_SOMETHING_WENT_WRONG') }));
  return (
    <Menu position="bottom-end" withArrow shadow="md" width={220}>
      <Menu.Target>
        {/* The name starts with the initials shown (WCAG 2.5.3, axe label-content-name-mismatch: speech users say what they see). */}
        <UnstyledButton aria-label={`${initials(me)} – ${t('shell:user_menu.label')}: ${name}`} data-testid="user-menu" style={{ borderRadius: '50%' }}>
          <Avatar src={me.profile_image || null} alt={name} color="blue.8" variant="filled" radius="xl">
            {initials(me)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        <Menu.Item component={Link} to="/me/view" leftSection={<IconUser size={16} />}>
          {t('shell:user_menu.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/me/view?tab=locations" leftSection={<IconMapPin size={16} />}>
          {t('shell:user_menu.locations')}
        </Menu.Item>
        {me.organization && can('view own organization') ? (
          <Menu.Item component={Link} to="/organization/view" leftSection={<IconBuilding size={16} />}>
            {t('shell:user_menu.organization')}
          </Menu.Item>
        ) : null}
        <Menu.Divider hiddenFrom="sm" />
        <Menu.Label hiddenFrom="sm">{t('common:languages.label')}</Menu.Label>
        {LOCALES.map((l) => (
          <Menu.Item key={l} hiddenFrom="sm" onClick={() => setLocale(l)} leftSection={<IconLanguage size={16} />} aria-current={currentLocale() === l ? 'true' : undefined}>
            {t(`common:languages.${l}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red.8" leftSection={<IconLogout size={16} />} onClick={onLogout} data-testid="logout">
          {t('shell:user_menu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
