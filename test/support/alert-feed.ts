import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An alert feed served on this machine for the end-to-end tests: one CAP 1.2 alert, Extreme,
 * 'Evacuate the east wing', in force for the next hour; `suffix` makes its identifier unique.
 */
export async function anAlertFeed(suffix: string): Promise<{ url: string; server: Server }> {
  const at = (minutes: number) =>
    new Date(Date.now() + minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/cap+xml' });
    response.end(`<?xml version="1.0" encoding="UTF-8"?>
<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">
<identifier>E2E-${suffix}</identifier><sender>alerts@city.example</sender><sent>${at(-1)}</sent>
<status>Actual</status><msgType>Alert</msgType><scope>Public</scope>
<info><event>Fire</event><urgency>Immediate</urgency><severity>Extreme</severity><certainty>Observed</certainty>
<expires>${at(60)}</expires><senderName>City Fire Service</senderName>
<headline>Evacuate the east wing</headline><instruction>Leave by the west stairs.</instruction>
<area><areaDesc>East wing</areaDesc></area></info></alert>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/alerts.cap`, server };
}
