import { serverModule, type Platform } from '../../platform/module.ts';
import type { EntitlementService } from '../entitlement/index.ts';
import type { PracticeService } from '../practice/index.ts';
import type { SprintPool } from '../sprint/index.ts';
import { zhiyeRoutes } from './routes.ts';
import { createZhiyeService } from './service.ts';

/** 执业 (docs/sprint-zhiye.md): units, past-exam questions by year, the analysis and case chapters, on sprint's question pool. */
export function createZhiyeModule(p: Platform, deps: { pool: SprintPool; entitlements: EntitlementService; practice: PracticeService }) {
  return serverModule({
    name: 'zhiye',
    handlers: zhiyeRoutes(createZhiyeService({ pool: deps.pool, entitlements: deps.entitlements, practice: deps.practice })),
  });
}
