import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleIssue } from '../../../domain/errors';
import { issueText } from './issueText';

export interface IssuesAlertProps {
  /** The save's own message (e.g. "the form has errors"). */
  readonly message: string | null;
  /** Issues of the header (no position), each on its own line. */
  readonly issues: readonly RuleIssue[];
  /** `<prefix>-form-error` on the alert, `<prefix>-issue` (data-code, data-field) on each issue. */
  readonly testIdPrefix: string;
}

/** Why a save failed, above an editor: the message and the header's rule issues. */
export const IssuesAlert = ({ message, issues, testIdPrefix }: IssuesAlertProps): ReactNode => {
  const { t } = useTranslation();
  if (!message && issues.length === 0) return null;
  return (
    <Alert color="red" data-testid={`${testIdPrefix}-form-error`}>
      <Stack gap={2}>
        {message && <Text size="sm">{message}</Text>}
        {issues.map((i) => (
          <Text
            key={`${i.code}-${i.field ?? ''}`}
            size="sm"
            data-testid={`${testIdPrefix}-issue`}
            data-code={i.code}
            data-field={i.field}
          >
            {issueText(t, i)}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
};
