import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StaleDataAlert } from '../sync/StaleDataAlert';
import type { Feedback } from './terminalFlow';
import { feedbackTexts } from './terminalTexts';

const color: Readonly<Record<Feedback['tone'], string>> = { success: 'teal', info: 'blue', error: 'red' };

/** The outcome of the last scan or action, in words (the beep said it already). */
export const FeedbackBanner = ({ feedback }: { readonly feedback: Feedback | null }): ReactNode => {
  const { t } = useTranslation('terminal');
  if (!feedback) return null;
  const texts = feedbackTexts(t, feedback);
  return (
    <Alert
      color={color[feedback.tone]}
      variant={feedback.tone === 'error' ? 'filled' : 'light'}
      role={feedback.tone === 'error' ? 'alert' : 'status'}
      data-testid="terminal-feedback"
      data-tone={feedback.tone}
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
