import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { CAMPAIGN_PAGES, type CampaignPageKey } from '@kaoshi/contract';
import { errorText } from '../../lib/error-text';
import { Page } from '../../ui/page';
import { StateMessage } from '../../ui/states';
import { campaignPageQuery } from './api';
import { CampaignView } from './campaign-view';

/** The page key of a path ('/wgzx' → 'wgzx'; routes match case-insensitively). */
export const pageKeyOf = (pathname: string): CampaignPageKey => CAMPAIGN_PAGES.find((k) => `/${k}`.toLowerCase() === pathname.replace(/\/$/, '').toLowerCase()) ?? 'wgzx';

/**
 * /wgzx, /jkzxData, /clinicalPage, /yimoIndex, /cxSchool, /flightDetails: the partner and campaign landing pages of
 * docs/guest-campaign.md, one screen reading its page from the server by its path.
 */
export function CampaignScreen() {
  const { pathname } = useLocation();
  const q = useQuery(campaignPageQuery(pageKeyOf(pathname)));
  return (
    <Page title={q.data?.title ?? '活动'}>
      {q.data ? <CampaignView page={q.data} /> : q.isError ? <StateMessage text={errorText(q.error)} onRetry={() => void q.refetch()} /> : <StateMessage text="加载中…" />}
    </Page>
  );
}
