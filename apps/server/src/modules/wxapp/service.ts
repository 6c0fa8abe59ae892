import { MSG } from '@kaoshi/contract';
import QRCode from 'qrcode';
import { tooMany } from '../../platform/errors.ts';
import { limitIp } from '../../platform/rate-limit/ip-key.ts';
import type { RateLimiter } from '../../platform/rate-limit/limiter.ts';

/** Codes one IP may ask for a minute (guests may share too). */
export const CODES_PER_MINUTE = 20;
/** Pixels of the PNG's side. */
export const CODE_SIZE = 320;

/**
 * The mini-program code POST (docs/tracking.md, "Sharing codes"). No mini-program credentials are configured, so
 * the code is a QR code of the H5 link: the page on the site's public address with the agent's ac.
 */
export function createWxappService(d: { limiter: RateLimiter; publicBaseUrl: string | undefined }) {
  return {
    async qrcode(input: { page: string; agentCode: string; ip: string; origin: string }) {
      if ((await d.limiter.hit(`wxcode:ip:${limitIp(input.ip)}`, 60_000)).count > CODES_PER_MINUTE) throw tooMany(MSG.tooOften);
      const url = new URL(input.page, `${d.publicBaseUrl ?? input.origin}/`);
      url.searchParams.set('ac', input.agentCode);
      const image = await QRCode.toDataURL(url.toString(), { errorCorrectionLevel: 'M', margin: 2, width: CODE_SIZE });
      return { kind: 'h5' as const, url: url.toString(), image, agentCode: input.agentCode };
    },
  };
}

export type WxappService = ReturnType<typeof createWxappService>;
