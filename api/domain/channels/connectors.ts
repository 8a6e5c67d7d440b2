// The connector of each kind of channel. Pitchup has a public API (bookings pulled,
// availability and rates pushed); an iCal channel is read by the iCal import and reads
// our feeds; the other channels of the spec (Secure Holiday, O-Cell, elloha, D-Edge,
// Giloo) publish no API we could find: they push their bookings to the signed webhook.
import type { ChannelConfig } from './config';
import type { Connector } from './types';
import { pitchupConnector } from './pitchup/connector';

export function connectorFor(ch: ChannelConfig): Connector {
  if (ch.connector === 'pitchup') return pitchupConnector(ch);
  return {};
}
