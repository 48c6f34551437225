import { Alert, Badge, Button, Group, Loader, Paper, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DiscussionMessageView,
  type DiscussionView,
  maxDiscussionText,
} from '../../../domain/office/discussion';
import { errorMessage } from '../../i18n/i18n';
import { formatDateTime } from '../../resources/format';
import { useAuthStore } from '../../state/authStore';
import { discussionApi } from './discussionApi';
import { useDiscussionEvents } from './useDiscussionEvents';

/**
 * Adds messages not yet shown, oldest first (a poke and the answer to a post may bring the same one, and others'
 * messages may arrive after one's own that was written later).
 */
export const mergeMessages = (
  shown: readonly DiscussionMessageView[],
  more: readonly DiscussionMessageView[],
): DiscussionMessageView[] => {
  const known = new Set(shown.map((m) => m.discussionMessageId));
  const added = more.filter((m) => !known.has(m.discussionMessageId));
  if (!added.length) return [...shown];
  return [...shown, ...added].sort((a, b) =>
    a.time === b.time ? a.discussionMessageId.localeCompare(b.discussionMessageId) : a.time < b.time ? -1 : 1,
  );
};

/**
 * One discussion: its messages, live (the hub pokes, the thread fetches what is new), and a box to write.
 * Looking at the thread marks it read.
 */
export const DiscussionThread = ({ discussionId }: { readonly discussionId: string }): ReactNode => {
  const { t } = useTranslation(['office', 'errors']);
  const me = useAuthStore((s) => s.claims?.sub);
  const [view, setView] = useState<DiscussionView | null>(null);
  const [messages, setMessages] = useState<DiscussionMessageView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const last = useRef<string | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    setView(null);
    setMessages(null);
    setError(null);
    last.current = undefined;
    Promise.all([discussionApi.get(discussionId), discussionApi.messages(discussionId)])
      .then(([v, m]) => {
        if (cancelled) return;
        setView(v);
        setMessages(m);
        last.current = m.at(-1)?.discussionMessageId;
        void discussionApi.markRead(discussionId).catch(() => undefined);
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(errorMessage(t, e));
      });
    return () => {
      cancelled = true;
    };
  }, [discussionId, t]);

  const fetchNew = useCallback(async () => {
    const more = await discussionApi.messages(discussionId, last.current);
    if (!more.length) return;
    last.current = more.at(-1)?.discussionMessageId ?? last.current;
    setMessages((shown) => mergeMessages(shown ?? [], more));
    if (document.visibilityState === 'visible') await discussionApi.markRead(discussionId);
  }, [discussionId]);

  useDiscussionEvents((poke) => {
    if (messages === null) return;
    if (poke === null || (poke.discussionId === discussionId && poke.discussionMessageId !== ''))
      void fetchNew().catch(() => undefined);
  });

  // The newest message in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the number of messages changes
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [messages?.length]);

  const send = async () => {
    const body = text.trim();
    if (!body || sending) return;
    setSending(true);
    setError(null);
    try {
      const written = await discussionApi.post(discussionId, body);
      setText('');
      // Shown at once; `last` stays, so messages others wrote meanwhile still come with the next fetch.
      setMessages((shown) => mergeMessages(shown ?? [], [written]));
    } catch (e) {
      setError(errorMessage(t, e));
    } finally {
      setSending(false);
    }
  };

  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Stack gap="sm" data-testid="discussion-thread" data-discussion-id={discussionId}>
      {view && (
        <Stack gap={2}>
          <Text fw={600} data-testid="discussion-topic">
            {view.topic}
          </Text>
          <Text size="xs" c="dimmed">
            {t('office:discussions.participants', {
              names: view.participants.map((p) => p.name).join(', '),
            })}
          </Text>
        </Stack>
      )}
      {error && (
        <Alert color="red" data-testid="discussion-error">
          {error}
        </Alert>
      )}
      {messages === null && !error && (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label={t('office:discussions.loading')} />
        </Group>
      )}
      {messages !== null && (
        <ScrollArea.Autosize mah="55vh" viewportRef={viewport} type="auto">
          <Stack gap="xs" data-testid="discussion-messages">
            {messages.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('office:discussions.empty')}
              </Text>
            )}
            {messages.map((m) => {
              const mine = m.authorId === me;
              return (
                <Paper
                  key={m.discussionMessageId}
                  withBorder
                  p="xs"
                  radius="md"
                  ml={mine ? 'xl' : 0}
                  mr={mine ? 0 : 'xl'}
                  bg={mine ? 'var(--mantine-primary-color-light)' : undefined}
                  data-testid="discussion-message"
                >
                  <Group gap={6} justify="space-between" wrap="nowrap">
                    <Text size="xs" fw={600} lineClamp={1}>
                      {m.authorName}
                      {m.authorCompany ? ` · ${m.authorCompany}` : ''}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(m.time)}
                    </Text>
                  </Group>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {m.text}
                  </Text>
                </Paper>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {messages !== null && (
        <Stack gap={6}>
          <Textarea
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={onKey}
            placeholder={t('office:discussions.placeholder')}
            aria-label={t('office:discussions.placeholder')}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={maxDiscussionText}
            data-testid="discussion-input"
          />
          <Group justify="space-between" gap="xs">
            <Badge variant="light" color="gray">
              {t('office:discussions.sendHint')}
            </Badge>
            <Button
              onClick={() => void send()}
              loading={sending}
              disabled={!text.trim()}
              data-testid="discussion-send"
            >
              {t('office:discussions.send')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
};
