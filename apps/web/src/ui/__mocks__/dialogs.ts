import { vi } from 'vitest';

/** Test double of ui/dialogs, used by `vi.mock('…/ui/dialogs')`: nothing is shown; confirm says yes unless a test says otherwise. */
export const alertMsg = vi.fn(async (_msg: unknown) => undefined);
export const toast = vi.fn((_msg: string, _ms?: number) => undefined);
export const confirm = vi.fn(async (_opts?: unknown) => true);
export const showLoading = vi.fn();
export const hideLoading = vi.fn();
