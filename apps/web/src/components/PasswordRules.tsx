import { List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES, passwordProblems, type PasswordRule } from '@atelier/domain';

const LABELS: Record<PasswordRule, string> = {
  min_length: 'validation:password.min_length',
  digit: 'validation:password.digit',
  letter: 'validation:password.letter',
  uppercase: 'validation:password.uppercase',
  lowercase: 'validation:password.lowercase',
};

/** The password rules, shown live as the user types (spec platform §5). */
export function PasswordRules({ value, id }: { value: string; id?: string }) {
  const { t } = useTranslation();
  const problems = new Set(passwordProblems(value));
  return (
    <div id={id} aria-live="polite">
      <Text size="sm" fw={500} mb={4}>
        {t('validation:password.title')}
      </Text>
      <List spacing={2} size="sm" center>
        {PASSWORD_RULES.map(({ rule }) => {
          const ok = !problems.has(rule);
          return (
            <List.Item
              key={rule}
              data-rule={rule}
              data-met={ok}
              icon={
                <ThemeIcon color={ok ? 'teal.8' : 'gray.6'} size={18} radius="xl" aria-hidden>
                  {ok ? <IconCheck size={12} /> : <IconX size={12} />}
                </ThemeIcon>
              }
            >
              <Text size="sm" c={ok ? 'teal.9' : 'dimmed'} span>
                {t(LABELS[rule])}
              </Text>
              <span className="visually-hidden"> ({ok ? t('validation:password.met') : t('validation:password.unmet')})</span>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
