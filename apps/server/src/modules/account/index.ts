import type { FastifyInstance } from 'fastify';
import { HOUR, serverModule, type Platform } from '../../platform/module.ts';
import type { SessionService } from '../../platform/session/service.ts';
import type { SmsProvider } from '../../platform/sms/provider.ts';
import { createSmsCodeModule } from '../sms-code/index.ts';
import { createDeletionService, type DeletionDeps } from './deletion.ts';
import { createDeviceService } from './devices.ts';
import { createEraseStore } from './erase-store.ts';
import { accountRoutes } from './routes.ts';
import { createAccountStore } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Account deletion (modules/account): one run of the erasure job, for tests (only under NODE_ENV=test). */
    accountErasure: { run: () => Promise<number> };
  }
}

/**
 * The account's life (docs/account-deletion.md): the devices of /accountKeys and the deletion of /cancelAccount, with
 * the hourly job that erases accounts whose cooling-off period is over. Its SMS codes ('cancel') use the sms-code
 * service on the same tables and limits as modules/user's (a second face of it, never registered as calls).
 */
export function createAccountModule(p: Platform, deps: { sessions: SessionService; sms: SmsProvider; deleteUpload?: DeletionDeps['deleteUpload'] }) {
  const store = createAccountStore(p.db);
  const codes = createSmsCodeModule(p, {
    sms: deps.sms,
    phoneTaken: store.phoneBound,
    phoneBound: store.phoneBound,
    // The code goes only to the session's own bound phone: no send through this face reveals whether an account exists.
    countExistenceProbe: async () => undefined,
  }).codes;
  const devices = createDeviceService({ store, sessions: deps.sessions, clock: p.clock });
  const deletion = createDeletionService({
    store,
    erasure: createEraseStore(p.db),
    sessions: deps.sessions,
    codes,
    clock: p.clock,
    log: p.log.child({ module: 'account' }),
    deleteUpload: deps.deleteUpload,
  });
  return serverModule({
    name: 'account',
    handlers: accountRoutes(devices, deletion),
    jobs: [{ name: 'account erasure', everyMs: HOUR, atReady: true, run: deletion.eraseDue }],
    install: (app: FastifyInstance) => {
      if (p.config.NODE_ENV === 'test') app.decorate('accountErasure', { run: deletion.eraseDue });
    },
  });
}
