import { useQuery } from '@tanstack/react-query';
import { FEEDBACK_STATUS_NAMES } from '@kaoshi/contract';
import { Link, useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import { errorText } from '../../lib/error-text';
import { shortTime } from '../../lib/format';
import { Page } from '../../ui/page';
import { StateMessage } from '../../ui/states';
import { categoryName, feedbackDetailQuery } from './api';
import list from './feedback.module.css';
import styles from './help.module.css';

/**
 * /feedbackAnswer?id= 反馈详情: one of my feedbacks (text, screenshots, contact, status) and the operator's answer,
 * or a note that it is waiting. Another learner's feedback is 404 (反馈不存在).
 */
export function FeedbackAnswerScreen() {
  const [params] = useSearchParams();
  const id = positiveInt(params.get('id'));
  const q = useQuery({ ...feedbackDetailQuery(id ?? 0), enabled: id !== null });

  let body;
  if (id === null) body = <StateMessage text="反馈不存在" />;
  else if (q.isError) body = <StateMessage text={errorText(q.error)} onRetry={() => void q.refetch()} />;
  else if (q.isPending) body = <StateMessage text="加载中…" />;
  else {
    const f = q.data;
    body = (
      <>
        <section className={styles.card} aria-labelledby="mine-title">
          <div className={list.head}>
            <h2 id="mine-title" className={list.category}>
              {categoryName(f.category)}
            </h2>
            <span className={list.status} data-status={f.status}>
              {FEEDBACK_STATUS_NAMES[f.status]}
            </span>
          </div>
          <p className={list.body}>{f.content}</p>
          {f.images.length > 0 ? (
            <ul className={`${list.shots} ${list.spaced}`} aria-label="截图">
              {f.images.map((img, i) => (
                <li key={img.key} className={list.shot}>
                  <a className={list.shotLink} href={img.url} target="_blank" rel="noreferrer" aria-label={`查看截图${i + 1}`}>
                    <img src={img.url} alt={`截图${i + 1}`} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <dl className={list.facts}>
            <dt>提交时间</dt>
            <dd>
              <time dateTime={f.createdAt}>{shortTime(f.createdAt)}</time>
            </dd>
            {f.contact ? (
              <>
                <dt>联系方式</dt>
                <dd>{f.contact}</dd>
              </>
            ) : null}
          </dl>
        </section>
        {f.answer !== null ? (
          <section className={list.answerCard} aria-labelledby="answer-title">
            <div className={list.answerHead}>
              <h2 id="answer-title" className={styles.cardTitle}>
                客服回复
              </h2>
              {f.answeredAt ? (
                <time className={styles.muted} dateTime={f.answeredAt}>
                  {shortTime(f.answeredAt)}
                </time>
              ) : null}
            </div>
            <p className={list.body}>{f.answer}</p>
          </section>
        ) : (
          <section className={styles.card} aria-label="处理进度">
            <p className={styles.muted}>{f.status === 'closed' ? '该反馈已关闭。' : '我们已收到您的反馈，会尽快处理；有回复时会通过“我的消息”通知您。'}</p>
          </section>
        )}
      </>
    );
  }

  return (
    <Page title="反馈详情">
      <div className={styles.screen}>
        {body}
        <Link className={styles.primary} to="/adviceFeedback?from=%2FfeedbackAnswer">
          继续反馈
        </Link>
      </div>
    </Page>
  );
}
