/** The fake SMS gateway of the run (global-setup.ts) and the servers' account on it. */
export const smsGateway = {
  port: Number(process.env.E2E_PORT ?? 8099) + 2000,
  username: 'e2e-sandbox',
  apiKey: 'e2e-at-key',
  senderId: 'KHSS',
  callbackToken: 'e2e-delivery-token',
};

/** What the fake gateway took: one entry per request, with the message ids it gave each number. */
export async function gatewayReceived(): Promise<
  { to: string[]; message: string; from: string | null; ids: string[] }[]
> {
  const res = await fetch(`http://127.0.0.1:${smsGateway.port}/fake/received`);
  return (await res.json()) as never;
}
