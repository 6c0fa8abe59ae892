import { getAgentInfo } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import { toAgentInfo } from './service.ts';

export const agentRoutes = () => [handle(getAgentInfo, async (ctx) => toAgentInfo(await ctx.tenant()))];
