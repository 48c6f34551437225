import { z } from 'zod';
import { faceDescriptorLength } from './faceMatch';

/** Bodies of the face routes (server/faces/), parsed by the server and built by the device alike. */
const descriptorSchema = z.array(z.number().finite()).length(faceDescriptorLength);

/** Descriptors a person keeps: enough for glasses on and off, light and shade; the oldest go first. */
export const maxDescriptorsPerPerson = 20;

/**
 * POST /api/ComputerVision: enrol a user or a contact (exactly one of them) with the descriptors of several
 * frames; a person already enrolled gets the new ones added.
 */
export const enrolFaceSchema = z
  .object({
    userId: z.uuid().optional(),
    personId: z.uuid().optional(),
    descriptors: z.array(descriptorSchema).min(1).max(maxDescriptorsPerPerson),
    source: z.enum(['camera', 'photo']).default('camera'),
  })
  .refine((b) => (b.userId === undefined) !== (b.personId === undefined), { path: ['userId'] });
export type EnrolFace = z.input<typeof enrolFaceSchema>;

/** POST /api/ComputerVision/analyse: a descriptor computed on the device (never an image). */
export const analyseFaceSchema = z.object({ descriptor: descriptorSchema });

/** Who a face is: the enrolled row, its user or contact, and how near. */
export const faceMatchResultSchema = z.object({
  computerVisionId: z.string(),
  userId: z.string().nullable(),
  personId: z.string().nullable(),
  name: z.string(),
  distance: z.number(),
});
export type FaceMatchResult = z.infer<typeof faceMatchResultSchema>;

export const analyseResponseSchema = z.object({
  /** null: nobody in the company is nearer than the threshold. */
  match: faceMatchResultSchema.nullable(),
  threshold: z.number(),
});
export type AnalyseResponse = z.infer<typeof analyseResponseSchema>;
