import { uploadCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { UploadService } from './service.ts';

/** The call of contract calls/upload.ts: always an upload of the session's learner. */
export const uploadRoutes = (uploads: UploadService) => [handle(c.uploadImage, async (ctx) => uploads.upload(ctx.session.userId, ctx.input.purpose, ctx.input.data))];
