import { Anchor, Text, type TextProps } from '@mantine/core';
import { Link } from 'react-router';
import type { ActivitySentence } from './activity.ts';

/** One activity sentence, its record's words linked to the record when the user may open it. */
export function ActivitySentenceText({ sentence, testId, ...props }: { sentence: ActivitySentence; testId?: string } & TextProps) {
  const [before, subject, after] = sentence.parts;
  return (
    <Text {...props} data-testid={testId}>
      {before}
      {sentence.href ? (
        <Anchor component={Link} to={sentence.href} inherit>
          {subject}
        </Anchor>
      ) : (
        subject
      )}
      {after}
    </Text>
  );
}
