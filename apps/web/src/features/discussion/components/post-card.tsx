import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { DISCUSSION_MSG, type DiscussionPost } from '@kaoshi/contract';
import { errorText } from '../../../lib/error-text';
import { initialOf, shortTime } from '../../../lib/format';
import { confirm, toast } from '../../../ui/dialogs';
import { remove, setLike } from '../api';
import { ReportSheet } from './report-sheet';
import styles from '../discussion.module.css';

/**
 * One comment or reply: avatar, nickname, time, the text (plain, never HTML), and its actions — 赞, 回复 (a link to
 * the thread, or `onReply` inside it), 举报 for others' posts, 删除 for one's own.
 */
export function PostCard({ post, replyLink, onReply }: { post: DiscussionPost; replyLink?: string; onReply?: (p: DiscussionPost) => void }) {
  const client = useQueryClient();
  const [reporting, setReporting] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = post.author.nickName;

  async function like() {
    try {
      await setLike(client, post, !post.liked);
    } catch (e) {
      toast(errorText(e));
    }
  }

  async function del() {
    if (!(await confirm({ content: post.parentID === null ? '删除这条评论？它的回复也将不再显示' : '删除这条回复？', confirmText: '删除' }))) return;
    setBusy(true);
    try {
      await remove(client, post.id);
      toast(DISCUSSION_MSG.deleted);
    } catch (e) {
      toast(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  const replies = post.parentID === null && post.replyCount > 0 ? `回复 ${post.replyCount}` : '回复';
  return (
    <article className={styles.post} aria-label={`${name}的${post.parentID === null ? '评论' : '回复'}`}>
      {post.author.avatar ? (
        <img className={styles.avatar} src={post.author.avatar} alt="" width={36} height={36} loading="lazy" />
      ) : (
        <span className={`${styles.avatar} ${styles.initial}`} aria-hidden="true">
          {initialOf(name)}
        </span>
      )}
      <div className={styles.main}>
        <div className={styles.meta}>
          <span className={styles.name}>{name}</span>
          {post.mine ? <span className={styles.tag}>我</span> : null}
          {post.pinned ? <span className={`${styles.tag} ${styles.pinned}`}>置顶</span> : null}
          <time className={styles.time} dateTime={post.createdAt}>
            {shortTime(post.createdAt)}
          </time>
        </div>
        {post.hidden ? <p className={styles.hiddenNote}>{DISCUSSION_MSG.hidden}</p> : null}
        <p className={styles.body}>
          {post.replyTo ? <span className={styles.replyTo}>{`回复 @${post.replyTo.nickName}：`}</span> : null}
          {post.body}
        </p>
        <div className={styles.actions}>
          <button
            type="button"
            className={post.liked ? `${styles.action} ${styles.liked}` : styles.action}
            aria-pressed={post.liked}
            aria-label={`赞，${post.likeCount}`}
            onClick={() => void like()}
          >
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path
                d="M7 10v10H4V10zm3 10h7.5a2 2 0 0 0 2-1.6l1.3-6A2 2 0 0 0 18.8 10H14l.8-4a1.8 1.8 0 0 0-3.3-1.2L9 10z"
                fill={post.liked ? 'currentColor' : 'none'}
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinejoin="round"
              />
            </svg>
            <span>{post.likeCount > 0 ? post.likeCount : '赞'}</span>
          </button>
          {replyLink ? (
            <Link className={styles.action} to={replyLink}>
              {replies}
            </Link>
          ) : onReply ? (
            <button type="button" className={styles.action} onClick={() => onReply(post)}>
              回复
            </button>
          ) : null}
          {post.mine ? (
            <button type="button" className={styles.action} disabled={busy} onClick={() => void del()}>
              删除
            </button>
          ) : (
            <button type="button" className={styles.action} onClick={() => setReporting(true)}>
              举报
            </button>
          )}
        </div>
      </div>
      <ReportSheet postID={reporting ? post.id : null} onClose={() => setReporting(false)} />
    </article>
  );
}
