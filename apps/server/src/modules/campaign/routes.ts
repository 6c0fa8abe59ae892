import { campaignCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { CampaignService } from './service.ts';

/** The calls of contract calls/campaign.ts: public reads, per tenant where the content is. */
export const campaignRoutes = (campaign: CampaignService) => [
  handle(c.campaignPageCall, async (ctx) => {
    await ctx.tenant(); // an unknown ac is refused like every public read ('没有对应代理商信息')
    return campaign.page(ctx.input.page);
  }),
  handle(c.bannerArticleCall, async (ctx) => campaign.bannerArticle(await ctx.tenant(), ctx.input.id)),
  handle(c.courseVersionsCall, async (ctx) => campaign.courseVersions(await ctx.tenant(), ctx.input.appID)),
  handle(c.sampleQuestionsCall, async (ctx) => {
    await ctx.tenant();
    return campaign.samples(ctx.input.appID);
  }),
];
