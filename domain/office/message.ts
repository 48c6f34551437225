import { z } from 'zod';
import { languages } from '../languages';
import { messageChannels } from '../resources/definitions/message';

/** Who a message goes to: a person, a user or a company of the account (their address), or an address typed in. */
export const recipientSchema = z.union([
  z.object({ type: z.enum(['person', 'user', 'company']), id: z.uuid({ error: 'invalidValue' }) }),
  z.object({ type: z.literal('address'), address: z.string().trim().min(3).max(320) }),
]);
export type Recipient = z.infer<typeof recipientSchema>;

/** POST Message/send and Message/preview. A template fills subject and text unless they are given. */
export const sendMessageSchema = z.object({
  channel: z.enum(messageChannels, { error: 'invalidValue' }),
  recipients: z.array(recipientSchema).max(100, { error: 'maxLength' }).default([]),
  subject: z.string().trim().max(300, { error: 'maxLength' }).optional(),
  text: z.string().max(20_000, { error: 'maxLength' }).optional(),
  templateId: z.uuid({ error: 'invalidValue' }).optional(),
  refResourceType: z.string().trim().max(100).optional(),
  refResourceId: z.string().trim().max(100).optional(),
  fileInfoIds: z
    .array(z.uuid({ error: 'invalidValue' }))
    .max(20, { error: 'maxLength' })
    .optional(),
  language: z.enum(languages, { error: 'invalidValue' }).optional(),
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const phonePattern = /^\+[1-9][0-9 ()-]{6,20}$/;

/** Whether an address fits the channel: an e-mail address, or a phone number with its country code. */
export const addressFits = (channel: (typeof messageChannels)[number], address: string): boolean =>
  channel === 'email' ? emailPattern.test(address) : phonePattern.test(address);

/** A phone number as gateways take it: + and digits only. */
export const normalPhone = (phone: string): string => `+${phone.replace(/[^0-9]/g, '')}`;
