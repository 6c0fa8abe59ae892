import { serverModule, type Platform } from '../../platform/module.ts';
import { loadCampaignContent } from './content.ts';
import { campaignRoutes } from './routes.ts';
import { createCampaignService } from './service.ts';
import { createCampaignStore } from './store.ts';

/**
 * Guest and campaign screens (docs/guest-campaign.md): the partner and campaign landing pages, a banner's article and
 * the trial centre's sample questions. Content from content/demo/campaign/, read once at start.
 */
export function createCampaignModule(p: Platform) {
  const campaign = createCampaignService({ store: createCampaignStore(p.db), content: loadCampaignContent(), clock: p.clock });
  return serverModule({ name: 'campaign', handlers: campaignRoutes(campaign) });
}
