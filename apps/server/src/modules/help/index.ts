import { helpFaq } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import { serverModule, type Platform } from '../../platform/module.ts';
import { DEMO_FAQ_FILE, faqFor, loadFaq } from './faq.ts';

/**
 * The help centre (docs/help-feedback.md): the FAQ per agent, read once at start from a content file. The agent's
 * contacts (QQ, telephone, WeChat) are the agent info the web app already holds (getAgentInfo).
 */
export function createHelpModule(_p: Platform, opts: { faqFile?: string } = {}) {
  const faq = loadFaq(opts.faqFile ?? DEMO_FAQ_FILE);
  return serverModule({
    name: 'help',
    handlers: [
      handle(helpFaq, async (ctx) => {
        const agent = await ctx.tenant();
        return { topics: faqFor(faq, { code: agent.code, storeName: agent.storeName }) };
      }),
    ],
  });
}
