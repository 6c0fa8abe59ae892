import { useMutation } from '@tanstack/react-query';
import { VIDEO_REPORT_KINDS } from '@kaoshi/contract';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import { errorText } from '../../lib/error-text';
import { toast } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { StateMessage } from '../../ui/states';
import { clock, sendFeedback } from './api';
import styles from './video.module.css';

const TEXT_MAX = 200;

/** /videoFeedback?lessonID=N[&t=S]: report a problem with a lesson (a kind, a description); operators list them. */
export function VideoFeedbackScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const lessonID = positiveInt(params.get('lessonID'));
  const t = params.get('t');
  const second = t !== null && /^\d{1,5}$/.test(t) ? Number(t) : undefined;
  const [kind, setKind] = useState<(typeof VIDEO_REPORT_KINDS)[number] | null>(null);
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: () => sendFeedback({ lessonID: lessonID!, kind: kind!, text: text.trim(), second }),
    onSuccess: (r) => {
      toast(r.msg);
      void navigate(-1);
    },
  });
  if (lessonID === null) {
    return (
      <Page title="视频反馈">
        <StateMessage text="视频不存在" />
      </Page>
    );
  }
  return (
    <Page title="视频反馈">
      <div className={styles.screen}>
        <section className={styles.card} aria-label="问题类型">
          <h2 className={styles.cardTitle}>问题类型</h2>
          {second !== undefined ? <p className={styles.muted}>{`播放位置 ${clock(second)}`}</p> : null}
          <ul className={styles.chips}>
            {VIDEO_REPORT_KINDS.map((k) => (
              <li key={k}>
                <button type="button" className={kind === k ? styles.chipOn : styles.chip} aria-pressed={kind === k} onClick={() => setKind(k)}>
                  {k}
                </button>
              </li>
            ))}
          </ul>
        </section>
        <section className={styles.card} aria-label="问题描述">
          <h2 className={styles.cardTitle}>问题描述</h2>
          <textarea
            className={styles.textarea}
            value={text}
            maxLength={TEXT_MAX}
            placeholder="请描述你遇到的问题（选填）"
            aria-label="问题描述"
            onChange={(e) => setText(e.target.value)}
          />
          <p className={styles.muted}>{`${text.length}/${TEXT_MAX}`}</p>
        </section>
        {send.isError ? <p className={styles.error}>{errorText(send.error)}</p> : null}
        <button type="button" className={styles.primary} disabled={kind === null || send.isPending} onClick={() => send.mutate()}>
          {send.isPending ? '提交中…' : '提交'}
        </button>
      </div>
    </Page>
  );
}
