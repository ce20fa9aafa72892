/**
 * The gateway's greeting once it has accepted a live connection and added it to the practice's sockets
 * (docs/product/live-connection.md#messages). `server_time` is the gateway's clock at that moment (ISO 8601,
 * UTC): every lead event published after it reaches this socket, so a console that reconnects asks for the
 * leads created since the previous greeting (docs/product/live-connection.md#catching-up).
 */
export interface LiveWelcomeMessage {
  type: 'connection_established';
  practice_id: string;
  server_time: string;
}

export const LIVE_WELCOME_TYPE = 'connection_established' as const;
