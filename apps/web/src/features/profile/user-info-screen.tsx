import { useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { codeName, EDUCATIONS, PROFESSIONS, PROFILE_MSG, type Profile } from '@kaoshi/contract';
import { errorText } from '../../lib/error-text';
import { maskPhone } from '../../lib/format';
import { Avatar } from '../../ui/avatar';
import { toast } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { StateMessage } from '../../ui/states';
import { changeAvatar, displayName, IMAGE_ACCEPT, useProfileQuery } from './api';
import styles from './profile.module.css';

const NONE = '未填写';

/**
 * /userInfoPage 个人资料: avatar (tap to choose a picture: uploaded, checked and re-encoded by the server), nickname, the
 * phone (masked), QQ, education and profession; each row opens its editor.
 */
export function UserInfoScreen() {
  const q = useProfileQuery();
  let body;
  if (q.data) body = <Rows p={q.data} />;
  else if (q.isError) body = <StateMessage text={errorText(q.error)} onRetry={() => void q.refetch()} />;
  else body = <StateMessage text="加载中…" />;
  return (
    <Page title="个人资料">
      <div className={styles.screen}>{body}</div>
    </Page>
  );
}

function Rows({ p }: { p: Profile }) {
  return (
    <>
      <ul className={styles.list}>
        <AvatarRow p={p} />
        <Row to="/changeNickname" label="昵称" value={p.nickName || NONE} />
        <li className={styles.row}>
          <span className={styles.label}>手机号</span>
          <span className={styles.value}>{maskPhone(p.phone) || '未绑定'}</span>
        </li>
      </ul>
      <ul className={styles.list}>
        <Row to="/setQQNum" label="QQ号" value={p.qq || NONE} />
        <Row to="/eduCational" label="学历" value={codeName(EDUCATIONS, p.education) || NONE} />
        <Row to="/Professional" label="职业" value={codeName(PROFESSIONS, p.profession) || NONE} />
      </ul>
      <p className={styles.hint}>资料仅用于个性化学习服务，不会公开展示（昵称和头像会显示在讨论区）。</p>
    </>
  );
}

function Row({ to, label, value }: { to: string; label: string; value: string }) {
  return (
    <li>
      <Link className={styles.row} to={to} aria-label={`${label}：${value}`}>
        <span className={styles.label}>{label}</span>
        <span className={styles.value}>{value}</span>
        <span className={styles.arrow} aria-hidden="true">
          ›
        </span>
      </Link>
    </li>
  );
}

/** 头像: the whole row is the file picker's label; while the picture uploads the row says so. */
function AvatarRow({ p }: { p: Profile }) {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function chosen(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      await changeAvatar(client, file);
      toast(PROFILE_MSG.avatarSaved);
    } catch (err) {
      toast(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li>
      <label className={`${styles.row} ${styles.avatarRow}`} aria-busy={busy}>
        <span className={styles.label}>头像</span>
        <span className={styles.value}>{busy ? '上传中…' : ''}</span>
        <Avatar url={p.avatarUrl} name={displayName(p)} size={56} />
        <span className={styles.arrow} aria-hidden="true">
          ›
        </span>
        <input ref={input} className={styles.file} type="file" accept={IMAGE_ACCEPT} aria-label="更换头像" disabled={busy} onChange={(e) => void chosen(e)} />
      </label>
    </li>
  );
}
