// Seeds the browser tests' demo school before its server starts (`tsx seed-demo.ts`, with the server's
// environment), so the seeding runs beside the web app's build instead of after it. The server then finds
// the school made and starts at once.
import { readConfig } from '../../apps/api/src/config.js';
import { startClock } from '../../apps/api/src/core/dates.js';
import { openDatabase } from '../../apps/api/src/db/open.js';
import { seedDemoSchool } from '../../apps/api/src/db/seed.js';
import { postEverySchool } from '../../apps/api/src/modules/money.js';
import { addOperator } from '../../apps/api/src/modules/operator/index.js';
import { operator } from './session.js';

const config = readConfig();
// The demo is made on the server's clock (CLOCK_START for the browser tests).
startClock(config.clockStart, config.clockStartedAt);
const database = await openDatabase(config);
await seedDemoSchool(database.db, config.demoAdminPassword);
await postEverySchool(database.db);
// The service's operator, as `npm run operator -- add` makes one on a server.
await addOperator(database.db, operator);
await database.close();
