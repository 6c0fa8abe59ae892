import { z } from 'zod';
import { defineCall } from '../call.ts';
import { agentCode, appID, choice, dbId } from '../fields.ts';
import { SINGLE_TYPES } from '../questions/types.ts';

/**
 * Guest and campaign screens (docs/guest-campaign.md): the partner and campaign landing pages of spec §2/§6, a banner's
 * article (/bannerDetail) and the sample questions of the trial centre (/Experience, /audition, /openAccount). All three
 * are public reads: their content comes from content files (content/demo/campaign/), the banners table and the bank.
 */

/** The landing pages, each tied to a partner build of spec §6 or a campaign (docs/guest-campaign.md lists why). */
export const CAMPAIGN_PAGES = ['wgzx', 'jkzxData', 'clinicalPage', 'yimoIndex', 'cxSchool', 'flightDetails'] as const;
export type CampaignPageKey = (typeof CAMPAIGN_PAGES)[number];
/** Who a page is for: a partner build of spec §6 (doctor app, baby app, news site, school site) or our own campaign. */
export const CAMPAIGN_KINDS = ['doctor', 'baby', 'news', 'school', 'campaign'] as const;

export const CAMPAIGN_MSG = {
  unknownPage: '页面不存在',
  unknownArticle: '文章不存在',
  noSamples: '该科目暂无试做题目',
  /** The replay of a tourist's answers after registration (/openAccount). */
  kept: '已保存试做记录',
} as const;

/** A row of a page section: a title, a line of text, an optional label (a date, a tag) and an in-app link ('' for none). */
export const campaignItem = z.object({ title: z.string(), text: z.string(), label: z.string(), link: z.string() });
export const campaignSection = z.object({
  title: z.string(),
  /** Plain text paragraphs (never HTML). */
  body: z.array(z.string()),
  items: z.array(campaignItem),
  /** 'list' rows, 'steps' (numbered, a timeline) or 'stats' (big figures: label = figure). */
  style: z.enum(['list', 'steps', 'stats']),
});
export const campaignPage = z.object({
  key: z.enum(CAMPAIGN_PAGES),
  kind: z.enum(CAMPAIGN_KINDS),
  /** The partner or campaign, shown as the page's badge. */
  partner: z.string(),
  title: z.string(),
  subtitle: z.string(),
  color: z.string(),
  sections: z.array(campaignSection),
  /** The page's buttons: in-app paths only (checked when the file is read). */
  actions: z.array(z.object({ label: z.string(), link: z.string() })),
  /** What a learner who came from the partner should know (login and exit behaviour of spec §6). */
  note: z.string(),
});
export type CampaignPage = z.infer<typeof campaignPage>;

const tenantFields = { agentCode: agentCode().optional(), ac: agentCode().optional() };

export const campaignPageCall = defineCall({
  id: 'campaign.page',
  method: 'GET',
  path: '/api/campaign/page',
  group: 'activity',
  needsSession: false,
  summary: 'A partner or campaign landing page (/wgzx, /jkzxData, /clinicalPage, /yimoIndex, /cxSchool, /flightDetails) from content/demo/campaign/.',
  request: z.object({ page: choice('页面', CAMPAIGN_PAGES), ...tenantFields }),
  data: campaignPage,
});

export const bannerArticleCall = defineCall({
  id: 'campaign.bannerArticle',
  method: 'GET',
  path: '/api/campaign/bannerArticle',
  group: 'activity',
  needsSession: false,
  summary: "/bannerDetail: a banner of the tenant (every tenant's or its own) with its article; `ended` once its window closed. No article: 404.",
  request: z.object({ id: dbId('活动编号'), ...tenantFields }),
  data: z.object({
    ManagementID: z.number().int(),
    Title: z.string(),
    SubTitle: z.string(),
    Color: z.string(),
    /** The article's call to action: an in-app path ('' for none). */
    Link: z.string(),
    ActionText: z.string(),
    ended: z.boolean(),
    /** The article: markdown (rendered by the web's markdown renderer, raw HTML off). */
    body: z.string(),
    /** When the article was last written (YYYY-MM-DD). */
    date: z.string(),
  }),
});

export const sampleQuestion = z.object({
  allTestID: z.number().int(),
  cptID: z.number().int(),
  childTableName: z.enum(SINGLE_TYPES),
  stem: z.string(),
  options: z.array(z.object({ key: z.string(), text: z.string() })),
  answer: z.union([z.string(), z.array(z.string())]),
  explanation: z.string(),
});
export type SampleQuestion = z.infer<typeof sampleQuestion>;

/** How many sample questions the trial centre gives. */
export const SAMPLE_COUNT = 5;

export const sampleQuestionsCall = defineCall({
  id: 'campaign.samples',
  method: 'GET',
  path: '/api/campaign/samples',
  group: 'general',
  needsSession: false,
  summary:
    "Sample questions of a subject for the trial centre: single choice items of the subject's first chapter, which the trial rule opens to every learner (docs/guest-campaign.md).",
  request: z.object({ appID: appID(), ...tenantFields }),
  data: z.object({ appID: z.number().int(), appName: z.string(), chapterName: z.string(), list: z.array(sampleQuestion) }),
});

/** A version of a subject as the public course list shows it: what it opens and its list price for the tenant. */
export const courseVersion = z.object({
  vn: z.string(),
  vname: z.string(),
  vnorder: z.number().int(),
  /** Names of the modules it opens (vnjson), in order. */
  modules: z.array(z.string()),
  validityDays: z.number().int(),
  /** Price and original price in fen; null when the tenant has no price for it (then it is sold by customer service). */
  priceFen: z.number().int().nullable(),
  originalFen: z.number().int().nullable(),
});
export type CourseVersion = z.infer<typeof courseVersion>;

export const courseVersionsCall = defineCall({
  id: 'campaign.courseVersions',
  method: 'GET',
  path: '/api/campaign/courseVersions',
  group: 'general',
  needsSession: false,
  summary:
    "/courseList: a listed subject's versions on the purchase list (not simulated, not buyListHide) with the tenant's list prices (its own, else the default agent's), for guests. Not sold by the tenant: 404.",
  request: z.object({ appID: appID(), ...tenantFields }),
  data: z.object({ appID: z.number().int(), appName: z.string(), list: z.array(courseVersion) }),
});

export const campaignCalls = { campaignPageCall, bannerArticleCall, sampleQuestionsCall, courseVersionsCall };
