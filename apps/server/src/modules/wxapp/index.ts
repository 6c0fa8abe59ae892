import { wxappQrcode } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import { serverModule, type Platform } from '../../platform/module.ts';
import { createWxappService } from './service.ts';

/** Sharing codes for the mini-program and the H5 site (docs/tracking.md, "Sharing codes"). */
export function createWxappModule(p: Platform) {
  const wxapp = createWxappService({ limiter: p.limiter, publicBaseUrl: p.config.PUBLIC_BASE_URL?.replace(/\/+$/, '') });
  return serverModule({
    name: 'wxapp',
    handlers: [
      handle(wxappQrcode, async (ctx) =>
        wxapp.qrcode({ page: ctx.input.page, agentCode: (await ctx.tenant()).code, ip: ctx.ip, origin: `${ctx.request.protocol}://${ctx.request.host}` }),
      ),
    ],
  });
}
