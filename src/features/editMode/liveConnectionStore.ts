import type { ILogger } from '@microsoft/signalr';
import type { LiveConnection } from '../../../sync/liveConnection';
import { apiUrl } from '../../api/http';
import { loadStartupConfig } from '../../session/session';
import { useAuthStore } from '../../state/authStore';
import { afterFirstScreen } from '../../state/firstScreen';

/** The hub next to the API (same origin unless VITE_API_URL points elsewhere). */
const hubUrl = (): string => `${apiUrl('/api').replace(/\/api$/, '')}/dataHub`;

/** SignalR's LogLevel.Warning (its enum is not imported here: the client loads on first use). */
const warning = 3;

/** Drops and reconnects are routine (network, token renewal): their diagnostics go to the debug console. */
const logger: ILogger = {
  log: (level, message) => {
    if (level >= warning) console.debug(`[live connection] ${message}`);
  },
};

/**
 * The SignalR client and the engine's connection load once the first screen is up: the scan field does not wait
 * for them (the engine's own timer pulls meanwhile).
 */
let loading: Promise<typeof import('../../../sync/liveConnection')> | null = null;
const loadClient = () => {
  loading ??= afterFirstScreen().then(() => import('../../../sync/liveConnection'));
  return loading;
};

interface Current {
  readonly connection: LiveConnection;
  /** Account and user the connection belongs to. */
  readonly owner: string;
}

let current: Current | null = null;

const ownerOf = (): string | null => {
  const { token, claims } = useAuthStore.getState();
  return token && claims ? `${claims.acc}/${claims.sub}` : null;
};

const drop = (): void => {
  const old = current;
  current = null;
  void old?.connection.stop();
};

/**
 * The one live connection of the signed-in user in this page, started on first use and stopped on
 * sign-out or when another user signs in; null when nobody is signed in. A connection that gave up
 * (it stops after its retries, docs/sync-contract.md "Live connection") is started again by the next use or when the browser comes online.
 */
export const liveConnection = async (): Promise<LiveConnection | null> => {
  const { LiveConnection } = await loadClient();
  const owner = ownerOf();
  if (owner === null) {
    drop();
    return null;
  }
  if (current?.owner !== owner) {
    drop();
    current = {
      owner,
      connection: new LiveConnection({
        url: hubUrl(),
        accessToken: () => useAuthStore.getState().token,
        // A 401 on getuserstartupconfig makes the HTTP client renew the token (src/api/http.ts).
        renewToken: () => loadStartupConfig(),
        logger,
      }),
    };
  }
  if (current.connection.state === 'closed') void current.connection.start();
  return current.connection;
};

// Sign-out or another user: the old connection ends (a token renewal keeps it).
useAuthStore.subscribe(() => {
  if (current && current.owner !== ownerOf()) drop();
});

if (typeof window !== 'undefined')
  window.addEventListener('online', () => {
    if (current?.connection.state === 'closed') void current.connection.start();
  });

/**
 * Runs `setup` with the live connection once it has loaded (nothing when nobody is signed in) and returns the
 * effect's clean-up: called before the connection loaded, it keeps `setup` from running at all.
 */
export const withLiveConnection = (setup: (connection: LiveConnection) => () => void): (() => void) => {
  let ended = false;
  let stop = (): void => undefined;
  void liveConnection().then((connection) => {
    if (!connection || ended) return;
    stop = setup(connection);
  });
  return () => {
    ended = true;
    stop();
  };
};
