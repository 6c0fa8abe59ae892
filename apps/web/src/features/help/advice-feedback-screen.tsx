import { useQueryClient } from '@tanstack/react-query';
import { cutToWidth, FEEDBACK_CATEGORIES, FEEDBACK_MAX_WIDTH, FEEDBACK_MIN_WIDTH, FEEDBACK_MSG, textWidth, type FeedbackCategory } from '@kaoshi/contract';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../lib/error-text';
import { safeTargetPath } from '../../lib/safe-path';
import { getSelectedSubject } from '../../lib/subject';
import { toast } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { submitFeedback } from './api';
import { ScreenshotPicker, type Shot } from './components/screenshot-picker';
import styles from './help.module.css';

const isCategory = (v: string | null): v is FeedbackCategory => FEEDBACK_CATEGORIES.some((c) => c.id === v);

/**
 * /adviceFeedback[?category=&from=] 意见反馈: a category, the text (spec §5 width: Chinese 2, others 1, cut at the
 * limit, with a counter), up to 4 screenshots and a contact; filed with the chosen subject and the page it came from.
 * Filed: back to /feedback when it was opened from there (its 我要反馈), else to /feedback in its place — never a
 * second list in the history, so one 返回 leaves 我的反馈.
 */
export function AdviceFeedbackScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const initial = params.get('category');
  const [category, setCategory] = useState<FeedbackCategory | null>(isCategory(initial) ? initial : null);
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [shots, setShots] = useState<Shot[]>([]);
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const width = textWidth(content);
  const from = safeTargetPath(params.get('from') ?? '');

  async function send() {
    if (!category) return setError('请选择反馈类型');
    if (textWidth(content.replace(/\s/g, '')) < FEEDBACK_MIN_WIDTH) return setError(FEEDBACK_MSG.tooShort);
    setError('');
    setSending(true);
    try {
      const r = await submitFeedback(queryClient, {
        category,
        content: content.trim(),
        contact: contact.trim(),
        images: shots.map((s) => s.key),
        appID: getSelectedSubject()?.AppID,
        page: from ?? undefined,
      });
      toast(r.msg);
      // Opened from the list (not as the first page of this visit): the list is the entry behind this one.
      if (from === '/feedback' && location.key !== 'default') void navigate(-1);
      else void navigate('/feedback', { replace: true });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSending(false);
    }
  }

  return (
    <Page
      title="意见反馈"
      right={
        <Link to="/feedback" className="ks-nav__action">
          我的反馈
        </Link>
      }
    >
      <div className={styles.screen}>
        <section className={styles.card} aria-labelledby="category-title">
          <h2 id="category-title" className={styles.cardTitle}>
            反馈类型
          </h2>
          <ul className={styles.chips}>
            {FEEDBACK_CATEGORIES.map((c) => (
              <li key={c.id}>
                <button type="button" className={styles.chip} aria-pressed={category === c.id} onClick={() => setCategory(c.id)}>
                  {c.name}
                </button>
              </li>
            ))}
          </ul>
        </section>
        <section className={styles.card} aria-labelledby="content-title">
          <h2 id="content-title" className={styles.cardTitle}>
            问题描述
          </h2>
          <textarea
            className={styles.textarea}
            value={content}
            placeholder="请详细描述您遇到的问题或建议，至少5个字"
            aria-labelledby="content-title"
            aria-describedby="content-count"
            onChange={(e) => setContent(cutToWidth(e.target.value, FEEDBACK_MAX_WIDTH))}
          />
          <p id="content-count" className={styles.counter}>{`${width}/${FEEDBACK_MAX_WIDTH}（汉字计2）`}</p>
        </section>
        <section className={styles.card} aria-labelledby="shots-title">
          <h2 id="shots-title" className={styles.cardTitle}>
            截图（选填，最多4张）
          </h2>
          <ScreenshotPicker shots={shots} onChange={setShots} onBusy={setUploading} />
        </section>
        <section className={styles.card} aria-labelledby="contact-title">
          <h2 id="contact-title" className={styles.cardTitle}>
            联系方式（选填）
          </h2>
          <input
            className={styles.input}
            value={contact}
            maxLength={60}
            placeholder="手机号 / QQ / 邮箱 / 微信号"
            aria-labelledby="contact-title"
            onChange={(e) => setContact(e.target.value)}
          />
          <p className={styles.muted}>回复会通过“我的消息”通知您，联系方式仅用于客服进一步了解情况。</p>
        </section>
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <button type="button" className={styles.primary} disabled={sending || uploading} onClick={() => void send()}>
          {sending ? '提交中…' : uploading ? '截图上传中…' : '提交'}
        </button>
      </div>
    </Page>
  );
}
