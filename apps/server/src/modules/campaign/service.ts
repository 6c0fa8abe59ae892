import { CAMPAIGN_MSG, DEFAULT_AGENT_CODE, SAMPLE_COUNT, type CourseVersion, type CampaignPageKey, type SampleQuestion } from '@kaoshi/contract';
import type { AgentRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import { trialChapters } from '../entitlement/index.ts';
import { isInAppLink } from '../subject/index.ts';
import type { CampaignContent } from './content.ts';
import type { CampaignStore } from './store.ts';

/** Guest and campaign screens (docs/guest-campaign.md): landing pages, banner articles, the trial centre's samples. */
export function createCampaignService(deps: { store: CampaignStore; content: CampaignContent; clock: Clock }) {
  const { store, content, clock } = deps;
  return {
    page(key: CampaignPageKey) {
      return content.page(key);
    },

    /** A banner of the tenant with its article; a banner without an article, or another tenant's, is 404. */
    async bannerArticle(tenant: Pick<AgentRow, 'code'>, id: number) {
      const article = content.article(id);
      const banner = article ? await store.banner(id, tenant.code) : undefined;
      if (!article || !banner) throw notFound(CAMPAIGN_MSG.unknownArticle);
      const now = clock();
      return {
        ManagementID: banner.id,
        Title: banner.title,
        SubTitle: banner.subTitle,
        Color: /^#[0-9a-f]{6}$/i.test(banner.color) ? banner.color : '',
        Link: isInAppLink(article.link) ? article.link : '',
        ActionText: article.actionText,
        ended: banner.endsAt.getTime() <= now,
        body: article.body,
        date: article.date,
      };
    },

    /** /courseList: the versions a guest may buy, with the tenant's list price (its own row, else the default agent's). */
    async courseVersions(tenant: Pick<AgentRow, 'code'>, appId: number) {
      const subject = await store.subject(appId);
      if (!subject || !subject.listed || !(await store.sells(tenant.code, appId))) throw notFound('科目不存在');
      const [rows, priced] = await Promise.all([store.listedVersions(appId), store.prices(appId, [tenant.code, DEFAULT_AGENT_CODE])]);
      const priceOf = (vn: string) => priced.find((p) => p.vn === vn && p.agentCode === tenant.code) ?? priced.find((p) => p.vn === vn && p.agentCode === DEFAULT_AGENT_CODE);
      const list: CourseVersion[] = rows.map((v) => {
        const price = priceOf(v.vn);
        return {
          vn: v.vn,
          vname: v.vname,
          vnorder: v.vnorder,
          modules: v.vnjson.map((m) => m.name),
          validityDays: v.validityDays,
          priceFen: price?.priceFen ?? null,
          originalFen: price?.originalFen ?? null,
        };
      });
      return { appID: appId, appName: subject.name, list };
    },

    /**
     * Sample questions: single items of the first chapter (by order) that a trial rule of one chapter per part opens —
     * the least any trial opens (docs/entitlement.md), so a registered trial learner may answer them again.
     */
    async samples(appId: number) {
      const subject = await store.subject(appId);
      if (!subject || !subject.listed) throw notFound('科目不存在');
      const tree = await store.chapterTree(appId);
      const open = trialChapters(tree, { chaptersPerPart: 1 });
      for (const chapter of tree) {
        if (!open.has(chapter.id)) continue;
        const rows = await store.sampleQuestions(appId, chapter.id, SAMPLE_COUNT);
        if (rows.length === 0) continue;
        const list: SampleQuestion[] = rows.map((q) => ({
          allTestID: q.id,
          cptID: q.chapterId,
          childTableName: q.type as SampleQuestion['childTableName'],
          stem: q.stem,
          options: q.options.map((o) => ({ key: o.key, text: o.text })),
          answer: q.answer,
          explanation: q.explanation,
        }));
        return { appID: appId, appName: subject.name, chapterName: chapter.name, list };
      }
      throw notFound(CAMPAIGN_MSG.noSamples);
    },
  };
}

export type CampaignService = ReturnType<typeof createCampaignService>;
