import { useMutation } from '@tanstack/react-query';
import { READING_MSG, READING_REPORT_KINDS, READING_TARGETS } from '@kaoshi/contract';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import { errorText } from '../../lib/error-text';
import { goBack } from '../../lib/go-back';
import type { SelectedSubject } from '../../lib/subject';
import { toast } from '../../ui/dialogs';
import { StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { pagePath, sendFeedback } from './api';
import styles from './reading.module.css';
import sh from './shorthand.module.css';

type Target = (typeof READING_TARGETS)[number];
type Kind = (typeof READING_REPORT_KINDS)[number];

const TEXT_MAX = 500;
const TITLE_MAX = 60;
const TARGET_TEXT: Record<Target, string> = { handout: '电子讲义', theory: '理论知识', pocket: '口袋书', point: '知识点', card: '速记卡', daily: '每日一记' };

/** Where the report was opened from, for a screen opened directly (without history to go back to). */
function fallback(target: Target, id: number): string {
  if (target === 'daily') return '/everyDayNote';
  if (target === 'card') return '/siteShorthand';
  if (target === 'point') return `/knowlegeInContent?pointID=${id}`;
  return pagePath(target, id);
}

const isTarget = (v: string | null): v is Target => v !== null && (READING_TARGETS as readonly string[]).includes(v);

/** /knowledgeFeedback?target=…&id=N[&title=…]: report a mistake in a reading item (one or more kinds, a description). */
export function FeedbackScreen() {
  return <SubjectPage title="内容纠错">{(subject) => <FeedbackBody subject={subject} />}</SubjectPage>;
}

function FeedbackBody({ subject }: { subject: SelectedSubject }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const rawTarget = params.get('target');
  const target = isTarget(rawTarget) ? rawTarget : null;
  const id = positiveInt(params.get('id'));
  const title = (params.get('title') ?? '').trim().slice(0, TITLE_MAX);
  const [kinds, setKinds] = useState<Kind[]>([]);
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: () =>
      sendFeedback({
        appID: subject.AppID,
        target: target!,
        targetID: id!,
        // In the offered order, whatever order they were chosen in.
        kinds: READING_REPORT_KINDS.filter((k) => kinds.includes(k)).join(','),
        content: text.trim() || undefined,
      }),
    onSuccess: (r) => {
      toast(r.msg);
      goBack(navigate, fallback(target!, id!));
    },
  });
  if (target === null || id === null) return <StateMessage text={READING_MSG.unknownItem} />;
  const toggle = (k: Kind) => setKinds(kinds.includes(k) ? kinds.filter((x) => x !== k) : [...kinds, k]);
  return (
    <div className={styles.screen}>
      <section className={styles.card} aria-label="纠错内容">
        <h2 className={styles.cardTitle}>{TARGET_TEXT[target]}</h2>
        {title ? <p className={styles.muted}>{title}</p> : null}
      </section>
      <section className={styles.card} aria-label="问题类型">
        <h2 className={styles.cardTitle}>问题类型（可多选）</h2>
        <ul className={sh.chips}>
          {READING_REPORT_KINDS.map((k) => {
            const on = kinds.includes(k);
            return (
              <li key={k}>
                <button type="button" className={on ? sh.chipOn : sh.chip} aria-pressed={on} onClick={() => toggle(k)}>
                  {k}
                </button>
              </li>
            );
          })}
        </ul>
      </section>
      <section className={styles.card} aria-label="问题描述">
        <h2 className={styles.cardTitle}>问题描述</h2>
        <textarea
          className={sh.textarea}
          value={text}
          maxLength={TEXT_MAX}
          placeholder="请描述错误所在及正确内容（选填）"
          aria-label="问题描述"
          onChange={(e) => setText(e.target.value.slice(0, TEXT_MAX))}
        />
        <p className={sh.counter}>{`${text.length}/${TEXT_MAX}`}</p>
      </section>
      {send.isError ? (
        <p className={sh.error} role="alert">
          {errorText(send.error)}
        </p>
      ) : null}
      {kinds.length === 0 ? <p className={styles.muted}>{READING_MSG.reportKinds}</p> : null}
      <button type="button" className={styles.primary} disabled={kinds.length === 0 || send.isPending} onClick={() => send.mutate()}>
        {send.isPending ? '提交中…' : '提交'}
      </button>
    </div>
  );
}
