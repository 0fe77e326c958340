import { afterAll, beforeAll } from 'vitest';
import { type RunningServer, type StartServerOptions, startServer } from './server.ts';

/**
 * A server of the test file's own, seeded like `npm start` (its demo data and sign-in codes untouched by other
 * journeys), started before the file's tests and stopped after them. Read `.baseUrl` inside a test.
 */
export function useOwnServer(options: StartServerOptions = {}): { readonly baseUrl: string } {
  let server: RunningServer | undefined;
  beforeAll(
    async () => {
      server = await startServer({ timeoutMs: 200_000, ...options });
    },
    (options.timeoutMs ?? 200_000) + 40_000,
  );
  afterAll(() => server?.stop());
  return {
    get baseUrl() {
      if (!server) throw new Error('useOwnServer(): the server is not started yet (read it inside a test)');
      return server.baseUrl;
    },
  };
}
