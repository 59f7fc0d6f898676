import { setupServer } from 'msw/node';

/** The fake backend of the web tests; each test adds the handlers it needs with `server.use(...)`. */
export const server = setupServer();
