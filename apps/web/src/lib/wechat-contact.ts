import type { weiXinContact as weiXinContactSchema } from '@kaoshi/contract';

/** The agent's WeiXinContact JSON (spec §3): 1 = WeChat account, 2 = WeChat official account. */
export type WeiXinContact = ReturnType<typeof weiXinContactSchema.parse>;

export type WeiXinContactResult = { success: true; data: WeiXinContact } | { success: false; data?: undefined };

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The contract's `weiXinContact` schema without zod: the web bundle carries no zod
 * (build/contract-meta-plugin.ts). Same `safeParse` outcome and data as the schema, which
 * wechat-contact.test.ts checks against the real one.
 */
export const weiXinContact = {
  safeParse(value: unknown): WeiXinContactResult {
    if (!isPlainObject(value)) return { success: false };
    const { WeiXinContact: contact, WeiXinIndexContact: kind } = value;
    if (typeof contact !== 'string' || (kind !== 1 && kind !== 2)) return { success: false };
    return { success: true, data: { WeiXinContact: contact, WeiXinIndexContact: kind } };
  },
};
