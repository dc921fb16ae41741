import { useEffect } from 'react';
import { Alert, Button, Group, Modal, Text, type AlertProps } from '@mantine/core';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A form's errors that are no field's (the server's general ones), one a line; nothing when there are none. */
export function GeneralErrors({ errors, ...props }: { errors: readonly string[] } & AlertProps) {
  if (!errors.length) return null;
  return (
    <Alert color="red" role="alert" {...props}>
      {errors.map((g) => (
        <div key={g}>{g}</div>
      ))}
    </Alert>
  );
}

/**
 * Scrolls to and focuses the first field in error (spec platform §5), else the form's error
 * message. The errors were just set: React may paint them a few frames later (a server answer
 * renders outside of an event), so the field is looked for over the next frames.
 */
export function focusFirstError(root: HTMLElement | null, frames = 30) {
  requestAnimationFrame(() => {
    const el = root?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? root?.querySelector<HTMLElement>('[data-form-errors]');
    if (!el) {
      if (frames > 0) focusFirstError(root, frames - 1);
      return;
    }
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
  });
}

/** Asks before leaving a form with unsaved changes (route change or closing the drawer). */
export function useDirtyGuard(dirty: boolean) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.key !== nextLocation.key && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search));
  useEffect(() => {
    if (!dirty) return;
    const h = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', h);
    return () => window.removeEventListener('beforeunload', h);
  }, [dirty]);
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t('common:form.unsaved_title')} centered zIndex={500}>
      <Text>{t('common:form.unsaved_body')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          {t('common:actions.stay')}
        </Button>
        <Button color="red.8" onClick={() => blocker.proceed?.()} data-testid="leave-unsaved">
          {t('common:actions.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
