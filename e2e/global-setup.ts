import { startFakeSmsGateway } from '../apps/api/test/fake-sms-gateway';
import { smsGateway } from './support/sms';

/**
 * Starts the fake Africa's Talking-compatible SMS gateway of the API tests on loopback (real HTTP, at
 * E2E_PORT + 2000) for the whole run: both servers send the demo school's messages to it
 * (playwright.config.ts). Specs read what it took at `GET /fake/received` (support/sms.ts).
 */
export default async function globalSetup() {
  const fake = await startFakeSmsGateway(smsGateway.username, smsGateway.apiKey, smsGateway.port);
  return () => fake.close();
}
