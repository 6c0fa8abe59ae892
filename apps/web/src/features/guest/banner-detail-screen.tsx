import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../lib/error-text';
import { hasScreen } from '../../lib/navigation';
import { safeInternalPath } from '../../lib/safe-path';
import { getSelectedSubject } from '../../lib/subject';
import { Markdown } from '../../ui/markdown';
import { Page } from '../../ui/page';
import { StateMessage } from '../../ui/states';
import { bannerArticleQuery } from './api';
import { accentStyle } from './campaign-view';
import styles from './guest.module.css';

/**
 * /bannerDetail?id= — a banner's article (the banner of the tenant, from the home carousel): its title, the article
 * (markdown through the app's renderer, raw HTML off) and its call to action; an ended activity says so.
 */
export function BannerDetailScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const q = useQuery({ ...bannerArticleQuery(valid ? id : 0), enabled: valid });

  let body;
  if (!valid) body = <StateMessage text="文章不存在" action={{ label: '返回首页', onClick: () => void navigate('/homePage') }} />;
  else if (q.isError) body = <StateMessage text={errorText(q.error)} onRetry={() => void q.refetch()} />;
  else if (!q.data) body = <StateMessage text="加载中…" />;
  else {
    const a = q.data;
    const to = safeInternalPath(a.Link);
    const action = !a.ended && a.ActionText && to && hasScreen(to.split(/[?#]/)[0]!) ? to : null;
    body = (
      <div className={styles.screen} style={accentStyle(a.Color)}>
        <section className={styles.hero}>
          {a.ended ? <p className={styles.badge}>活动已结束</p> : null}
          <h2 className={styles.title}>{a.Title}</h2>
          {a.SubTitle ? <p className={styles.muted}>{a.SubTitle}</p> : null}
          <p className={styles.muted}>{a.date}</p>
        </section>
        <article className={styles.article}>
          <Markdown source={a.body} appID={getSelectedSubject()?.AppID ?? 0} />
        </article>
        {action ? (
          <button type="button" className={styles.primary} onClick={() => void navigate(action)}>
            {a.ActionText}
          </button>
        ) : null}
      </div>
    );
  }
  return <Page title="活动详情">{body}</Page>;
}
