/** One SMS to send. */
export interface Sms {
  /** International number with its country code (+48…). */
  readonly to: string;
  readonly text: string;
  /** Sender name or number, when the gateway lets the company choose one. */
  readonly from?: string | null;
}

/** What the gateway said: accepted (with its id, when it gives one). A refusal is thrown as SmsGatewayError. */
export interface SmsAccepted {
  readonly id: string | null;
}

/** A gateway that carries SMS; one adapter per provider protocol. */
export interface SmsGateway {
  send(sms: Sms): Promise<SmsAccepted>;
}

/** The gateway refused or could not be reached: the reason is kept on the message. */
export class SmsGatewayError extends Error {}

/**
 * The HTTP gateway adapter: `POST <url>` with `Authorization: Bearer <token>` and the JSON body
 * `{ "to": "+48…", "text": "…", "from": "…" }`; any 2xx answer is acceptance (its JSON `id`, if any, is kept),
 * anything else a refusal whose body is the reason. Most SMS providers' REST APIs take this shape directly or
 * through a small relay. Times out after 15 s.
 */
export const httpSmsGateway = (
  settings: { readonly url: string; readonly token: string },
  fetchImpl: typeof fetch = fetch,
): SmsGateway => ({
  async send(sms) {
    let res: Response;
    try {
      res = await fetchImpl(settings.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(settings.token ? { authorization: `Bearer ${settings.token}` } : {}),
        },
        body: JSON.stringify({ to: sms.to, text: sms.text, ...(sms.from ? { from: sms.from } : {}) }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new SmsGatewayError(error instanceof Error ? error.message : String(error));
    }
    const body = await res.text();
    if (!res.ok) throw new SmsGatewayError(`${res.status} ${body.slice(0, 500)}`.trim());
    try {
      const parsed = JSON.parse(body) as { id?: unknown };
      return {
        id: typeof parsed.id === 'string' || typeof parsed.id === 'number' ? String(parsed.id) : null,
      };
    } catch {
      return { id: null };
    }
  },
});
