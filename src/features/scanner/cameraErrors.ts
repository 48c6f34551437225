/**
 * Why the camera could not be used:
 * - `permission`: the user or the browser refused it (also: no camera API outside a secure context);
 * - `noCamera`: the device has no (usable) camera;
 * - `failed`: anything else (camera busy, hardware error).
 */
export type CameraProblem = 'permission' | 'noCamera' | 'failed';

const permissionNames = new Set(['NotAllowedError', 'PermissionDeniedError', 'SecurityError']);
const noCameraNames = new Set(['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError']);

/** Classifies what getUserMedia (or the missing API) threw. */
export const cameraProblemOf = (error: unknown): CameraProblem => {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  if (typeof name === 'string' && permissionNames.has(name)) return 'permission';
  if (typeof name === 'string' && noCameraNames.has(name)) return 'noCamera';
  return 'failed';
};

/** Thrown when the page has no camera API at all (plain http on another host, old browser). */
export class CameraUnavailableError extends Error {
  override readonly name = 'SecurityError';
}
