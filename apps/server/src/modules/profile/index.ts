import { serverModule, type Platform } from '../../platform/module.ts';
import type { Uploads } from '../upload/index.ts';
import { profileRoutes } from './routes.ts';
import { createProfileService } from './service.ts';
import { createProfileStore } from './store.ts';

/**
 * The learner's profile (docs/profile.md): /userInfoPage's calls — nickname, QQ, education, profession and the avatar
 * (an upload of the upload module; the old file is deleted when replaced).
 */
export function createProfileModule(p: Platform, deps: { uploads: Uploads }) {
  const profiles = createProfileService({ store: createProfileStore(p.db), uploads: deps.uploads, log: p.log.child({ module: 'profile' }) });
  return serverModule({ name: 'profile', handlers: profileRoutes(profiles) });
}
