import { describe, expect, it } from 'vitest';
import type { DiscussionMessageView } from '../../../../domain/office/discussion';
import { mergeMessages } from '../../../../src/features/discussions/DiscussionThread';

const m = (id: string, time: string): DiscussionMessageView => ({
  discussionId: 'd',
  discussionMessageId: id,
  text: id,
  authorId: 'a',
  authorName: 'A',
  authorCompany: '',
  time,
});

describe('mergeMessages', () => {
  it('adds what is new once, oldest first', () => {
    const shown = [m('1', '2026-01-01T10:00:00.000Z'), m('3', '2026-01-01T10:02:00.000Z')];
    const merged = mergeMessages(shown, [
      m('3', '2026-01-01T10:02:00.000Z'),
      m('2', '2026-01-01T10:01:00.000Z'),
    ]);
    expect(merged.map((x) => x.discussionMessageId)).toEqual(['1', '2', '3']);
    expect(mergeMessages(shown, [m('1', '2026-01-01T10:00:00.000Z')])).toEqual(shown);
  });
});
