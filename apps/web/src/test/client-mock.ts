import { vi } from 'vitest';
import { ApiError, isApiError, isCancelled } from '../api/errors';

/**
 * The module that replaces src/api/client.ts in feature tests:
 *   vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());  (from a feature's test)
 * Built without importing the real client, so modules that import the client (lib/tracking) get the
 * mocked `call` too.
 */
export const clientMock = () => ({ call: vi.fn(), callReply: vi.fn(), ApiError, isApiError, isCancelled });
