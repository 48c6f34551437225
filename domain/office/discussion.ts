import { z } from 'zod';
import { type Claims, hasAccess, isCarrier, isContractor } from '../auth/claims';
import type { Access } from '../resources/types';

/** Longest message of a discussion, in characters. */
export const maxDiscussionText = 4000;
/** Longest topic of a discussion. */
export const maxDiscussionTopic = 200;

/**
 * Who may take part in a discussion:
 * - `record`: whoever may read the record it is about, in the account that owns it (the default thread of a
 *   record: staff, and contractors for records they see);
 * - `members`: only users of the listed client accounts that hold the access level (e.g. a shipment ticket's
 *   thread between the warehouse company and one carrier company), plus people added by name. A carrier's user
 *   (a user of the account linked to a carrier company) takes part only when the thread names that carrier in
 *   `carriers`, and holds transport: a carrier never sees another carrier's thread.
 */
export type DiscussionAudience =
  | { readonly kind: 'record' }
  | {
      readonly kind: 'members';
      readonly accounts: readonly string[];
      /** What a member account's user needs besides belonging to it; default any staff user. */
      readonly access?: Access;
      /** Carrier companies (of a member account) whose users with transport take part too. */
      readonly carriers?: readonly string[];
    };

/** What decides whether someone takes part (the caller, the thread, and what the server looked up). */
export interface TakePartInput {
  readonly who: Pick<Claims, 'acc' | 'ctr'> & Omit<Claims, 'exp'>;
  readonly ownerAccountId: string;
  readonly audience: DiscussionAudience;
  /** The caller was added to the thread by name (module threads). */
  readonly isListedParticipant: boolean;
  /** Only asked for `record` threads: may the caller read the record now? */
  readonly canReadRecord: () => Promise<boolean>;
}

/** The one rule of who may read and write a discussion, for the server and any module that opens one. */
export const mayTakePart = async (input: TakePartInput): Promise<boolean> => {
  const { who, audience } = input;
  if (input.isListedParticipant && audience.kind === 'members') return true;
  if (audience.kind === 'members') {
    if (isContractor(who) || !audience.accounts.includes(who.acc)) return false;
    if (isCarrier(who))
      return (
        typeof who.crr === 'string' &&
        (audience.carriers ?? []).includes(who.crr) &&
        hasAccess(who, 'transport')
      );
    return hasAccess(who, audience.access ?? 'any');
  }
  if (who.acc !== input.ownerAccountId) return false;
  return input.canReadRecord();
};

export const discussionPostSchema = z.object({
  text: z.string().trim().min(1, { error: 'required' }).max(maxDiscussionText, { error: 'maxLength' }),
});

export const openDiscussionSchema = z.object({
  refResourceType: z.string().trim().min(1).max(100),
  refResourceId: z.string().trim().min(1).max(100),
  topic: z.string().trim().max(maxDiscussionTopic).optional(),
});

/** A discussion as the API returns it. */
export interface DiscussionView {
  readonly discussionId: string;
  readonly topic: string;
  readonly refResourceType: string;
  readonly refResourceId: string;
  readonly audience: DiscussionAudience['kind'];
  readonly createdAt: string;
  readonly lastMessageAt: string | null;
  readonly messageCount: number;
  /** Messages of others the caller has not read yet. */
  readonly unread: number;
  readonly participants: readonly { readonly userId: string; readonly name: string }[];
}

/** One message as the API returns it. */
export interface DiscussionMessageView {
  readonly discussionId: string;
  readonly discussionMessageId: string;
  readonly text: string;
  readonly authorId: string;
  readonly authorName: string;
  /** The author's company (shown when a thread spans companies). */
  readonly authorCompany: string;
  readonly time: string;
}

/** The live event sent to participants: a thread got a message (the client fetches what is new). */
export interface DiscussionEvent {
  readonly resourceType: 'discussion';
  readonly id: string;
  readonly action: 'update';
  readonly discussionMessageId: string;
}
