import { profileCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { ProfileService } from './service.ts';

/** The calls of contract calls/profile.ts: the session's own profile only. */
export const profileRoutes = (profiles: ProfileService) => [
  handle(c.profileGet, async (ctx) => profiles.get(ctx.session.userId)),
  handle(c.profileUpdate, async (ctx) => {
    const { nickName, qq, education, profession, avatar, clear } = ctx.input;
    return profiles.update(ctx.session.userId, { nickName, qq, education, profession, avatar, clear });
  }),
];
