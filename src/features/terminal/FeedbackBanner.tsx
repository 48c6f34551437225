import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StaleDataAlert } from '../sync/StaleDataAlert';
import type { Feedback } from './terminalFlow';
import { feedbackTexts } from './terminalTexts';
import { type DocumentFollow, useDocumentFollow } from './useDocumentFollow';

const color: Readonly<Record<Feedback['tone'], string>> = { success: 'teal', info: 'blue', error: 'red' };

/**
 * A confirmation's outcome as the document now stands: waiting ("sent when there is a connection", the provisional
 * number), synced (the final number), or refused.
 */
export const followed = (feedback: Feedback, follow: DocumentFollow | undefined): Feedback => {
  if (!feedback.documentId || !follow || feedback.key !== 'terminal:feedback.documentConfirmed')
    return feedback;
  const number = follow.number ?? feedback.params?.number ?? '';
  if (follow.refused)
    return { ...feedback, tone: 'error', key: 'terminal:feedback.documentRefused', params: { number } };
  if (follow.pending) return { ...feedback, params: { number } };
  return { ...feedback, key: 'terminal:feedback.documentConfirmedSynced', params: { number } };
};

/** The outcome of the last scan or action, in words (the beep said it already). */
export const FeedbackBanner = ({ feedback }: { readonly feedback: Feedback | null }): ReactNode => {
  const { t } = useTranslation('terminal');
  const follow = useDocumentFollow(feedback?.documentId);
  if (!feedback) return null;
  const shown = followed(feedback, follow);
  const texts = feedbackTexts(t, shown);
  return (
    <Alert
      color={color[shown.tone]}
      variant={shown.tone === 'error' ? 'filled' : 'light'}
      role={shown.tone === 'error' ? 'alert' : 'status'}
      data-testid="terminal-feedback"
      data-tone={shown.tone}
      data-synced={feedback.documentId && follow ? String(!follow.pending && !follow.refused) : undefined}
      p="sm"
    >
      <Stack gap={2}>
        {[...new Set(texts)].map((text, i) => (
          <Text key={text} size="md" fw={i === 0 ? 600 : 400}>
            {text}
          </Text>
        ))}
        {feedback.stale ? <StaleDataAlert /> : null}
      </Stack>
    </Alert>
  );
};
