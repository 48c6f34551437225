import { describe, expect, it } from 'vitest';
import { isSkipWaitingMessage, servesShell } from '../../../sw/swRules';

describe('service worker rules', () => {
  it('serves the app shell for client routes only, never for the API or the live hub', () => {
    for (const path of ['/', '/signin', '/terminal/receipt', '/products/12', '/apiary', '/dataHubs'])
      expect(servesShell(path), path).toBe(true);
    for (const path of ['/api', '/api/', '/api/sync/changes', '/API/Auth', '/dataHub', '/datahub/negotiate'])
      expect(servesShell(path), path).toBe(false);
  });

  it('activates a waiting version only on the page’s SKIP_WAITING message', () => {
    expect(isSkipWaitingMessage({ type: 'SKIP_WAITING' })).toBe(true);
    expect(isSkipWaitingMessage({ type: 'GET_VERSION' })).toBe(false);
    expect(isSkipWaitingMessage('SKIP_WAITING')).toBe(false);
    expect(isSkipWaitingMessage(null)).toBe(false);
  });
});
