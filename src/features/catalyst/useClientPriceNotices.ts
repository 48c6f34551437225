import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { useEffect, useRef } from 'react';
import { apiUrl } from '../../api/http';
import { storedClientSession } from './clientApi';

/**
 * Listens on the client accounts' live connection (/api/catalyst/hub) while `enabled`: `onChange` runs when
 * the server says the prices this client sees may have changed (a new quote, a changed rule or group) or a
 * metal's market phase moved. Reconnects by itself; a dropped connection only delays the next change.
 */
export const useClientPriceNotices = (enabled: boolean, onChange: () => void): void => {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (!enabled) return;
    const connection = new HubConnectionBuilder()
      .withUrl(apiUrl('/api/catalyst/hub'), {
        transport: HttpTransportType.WebSockets,
        // The server names the connection itself; the token rides in the query as browsers require.
        skipNegotiation: true,
        accessTokenFactory: () => storedClientSession()?.token ?? '',
      })
      .withAutomaticReconnect()
      .configureLogging(LogLevel.None)
      .build();
    connection.on('pricesChanged', () => latest.current());
    connection.on('marketPhase', () => latest.current());
    // After a reconnect anything may have changed meanwhile.
    connection.onreconnected(() => latest.current());
    void connection.start().catch(() => undefined);
    return () => {
      void connection.stop();
    };
  }, [enabled]);
};
