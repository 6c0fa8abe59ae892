import { z } from 'zod';
import { defineCall } from '../call.ts';
import { agentCode, cleanString } from '../fields.ts';

/**
 * The mini-program code POST of spec §7 (docs/tracking.md, "Sharing codes"): a code that opens one page of the app
 * for an agent. With no WeChat mini-program credentials configured (the default) it is a QR code of the H5 link
 * (the page with the agent's `ac`), made on the server; the reply says which kind it made.
 */

export const WXAPP_MSG = { page: '页面地址格式不正确' } as const;

/** An in-app path: '/', then no second '/', no backslash, no spaces or control characters. */
const IN_APP_PATH_RE = /^\/(?!\/)[^\s\\]*$/;

export const wxappQrcode = defineCall({
  id: 'wxapp.qrcode',
  method: 'POST',
  path: '/api/wxapp/qrcode',
  group: 'general',
  needsSession: false,
  allowedRepeat: true,
  summary: 'Designed: a sharing code for an in-app page of the agent (guests too; rate-limited per IP): a QR code (PNG) of the H5 link.',
  request: z.object({
    page: cleanString('页面地址', WXAPP_MSG.page).trim().max(500, { error: WXAPP_MSG.page }).regex(IN_APP_PATH_RE, { error: WXAPP_MSG.page }),
    agentCode: agentCode().optional(),
    ac: agentCode().optional(),
  }),
  data: z.object({
    /** h5: a QR code of the H5 link (no mini-program credentials configured). */
    kind: z.literal('h5'),
    /** The link the code opens (the agent's ac attached). */
    url: z.string(),
    /** data:image/png;base64,… */
    image: z.string(),
    agentCode: z.string(),
  }),
});

export const wxappCalls = { wxappQrcode };
