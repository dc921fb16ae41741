import { Alert } from '@mantine/core';

/** Why the server refused what a dialog asked (refusalOf), above the dialog's buttons; nothing while it has not. */
export function DialogRefusal({ refusal, testId }: { refusal: string | null; testId?: string }) {
  if (!refusal) return null;
  return (
    <Alert color="red" role="alert" data-testid={testId}>
      {refusal}
    </Alert>
  );
}
