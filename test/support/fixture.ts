/**
 * One life cycle for the tests' local services (a redis-server, a local site): started before
 * the file's tests (or each test), stopped after, read through a getter that fails outside a
 * test. Servers bind to 127.0.0.1 on free ports and stop themselves here.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/**
 * Returns a getter of the service `start` makes: started before all of the calling file's tests
 * (`'file'`) or before each (`'test'`), passed to `stop` after them. The getter throws, naming
 * `what`, when read where no service runs.
 */
export function useService<T>(what: string, scope: 'file' | 'test', start: () => Promise<T>, stop: (service: T) => Promise<void>): () => T {
  let service: T | undefined;
  const up = async (): Promise<void> => {
    service = await start();
  };
  const down = async (): Promise<void> => {
    if (service !== undefined) await stop(service);
    service = undefined;
  };
  if (scope === 'file') {
    beforeAll(up);
    afterAll(down);
  } else {
    beforeEach(up);
    afterEach(down);
  }
  return () => {
    if (service === undefined) throw new Error(`${what}: not running outside a test`);
    return service;
  };
}
