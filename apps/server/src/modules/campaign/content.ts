import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CAMPAIGN_PAGES, campaignPage, type CampaignPage, type CampaignPageKey } from '@kaoshi/contract';
import { isInAppLink } from '../subject/index.ts';

/**
 * The content of the guest and campaign screens (docs/guest-campaign.md): one file per landing page and the banners'
 * articles, in content/demo/campaign/. Read and checked once at start (a bad file stops the server with its name):
 * every link must stay in the app, texts are plain (the web never renders them as HTML).
 */
export const CAMPAIGN_DIR = fileURLToPath(new URL('../../../../../content/demo/campaign/', import.meta.url));

const inAppLink = z.string().refine(isInAppLink, { error: (i) => `link "${String(i.input)}" is not an in-app path` });
const pageFile = campaignPage.extend({
  color: z.string().regex(/^#[0-9a-f]{6}$/i),
  sections: z.array(campaignPage.shape.sections.element.extend({ items: z.array(campaignPage.shape.sections.element.shape.items.element.extend({ link: inAppLink })) })),
  actions: z.array(z.object({ label: z.string().min(1), link: inAppLink.pipe(z.string().min(1)) })),
});
const articleFile = z.array(
  z.object({
    id: z.number().int().positive(),
    date: z.iso.date(),
    actionText: z.string(),
    link: inAppLink,
    body: z.string().min(1),
  }),
);
export type BannerArticle = z.infer<typeof articleFile>[number];

export interface CampaignContent {
  page(key: CampaignPageKey): CampaignPage;
  article(bannerId: number): BannerArticle | undefined;
}

function read<T>(dir: string, name: string, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(JSON.parse(readFileSync(`${dir}${name}`, 'utf8')));
  if (!parsed.success) throw new Error(`content/demo/campaign/${name}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export function loadCampaignContent(dir = CAMPAIGN_DIR): CampaignContent {
  const pages = new Map<CampaignPageKey, CampaignPage>();
  for (const key of CAMPAIGN_PAGES) {
    const page = read(dir, `${key}.json`, pageFile);
    if (page.key !== key) throw new Error(`content/demo/campaign/${key}.json: key is "${page.key}"`);
    pages.set(key, page);
  }
  const articles = new Map(read(dir, 'banner-articles.json', articleFile).map((a) => [a.id, a]));
  return { page: (key) => pages.get(key)!, article: (id) => articles.get(id) };
}
