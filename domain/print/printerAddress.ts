/** The port raw ZPL printers listen on (JetDirect / "port 9100" printing). */
export const defaultPrinterPort = 9100;

const hostnamePattern =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const ipv6Pattern = /^[0-9A-Fa-f:.]+$/;

/**
 * A printer's address as people type it: `host`, `host:port`, `[ipv6]:port` or a bare IPv6 address; the port is
 * 9100 when not given. Undefined when it is not a host name or IP address with a port in 1–65535.
 */
export const parsePrinterAddress = (address: string): { host: string; port: number } | undefined => {
  const text = address.trim();
  let host = text;
  let port = String(defaultPrinterPort);
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) {
    host = bracketed[1] ?? '';
    port = bracketed[2] ?? port;
    if (!ipv6Pattern.test(host) || !host.includes(':')) return undefined;
  } else if ((text.match(/:/g) ?? []).length > 1) {
    if (!ipv6Pattern.test(text)) return undefined;
  } else {
    const at = text.lastIndexOf(':');
    if (at >= 0) {
      host = text.slice(0, at);
      port = text.slice(at + 1);
    }
    if (!hostnamePattern.test(host)) return undefined;
  }
  if (!/^\d{1,5}$/.test(port)) return undefined;
  const number = Number(port);
  return number >= 1 && number <= 65_535 ? { host, port: number } : undefined;
};
