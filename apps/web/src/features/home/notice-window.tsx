import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { local } from '../../lib/storage';
import { track } from '../../lib/tracking';
import { Modal } from '../../ui/modal';
import buttons from '../../ui/buttons.module.css';
import { countActivityClick, noticeQuery } from '../../entities/home/api';
import styles from './home.module.css';

/** Shell local key (lib/storage SHELL_LOCAL_KEYS): ids of notices already shown on this device. */
const SEEN_KEY = 'seenNotices';
const MAX_SEEN = 100;

export function seenNoticeIds(): number[] {
  const v = local.getJSON<unknown>(SEEN_KEY);
  return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
}

export function markNoticeSeen(id: number): void {
  const next = [id, ...seenNoticeIds().filter((x) => x !== id)].slice(0, MAX_SEEN);
  local.setJSON(SEEN_KEY, next);
}

/**
 * The notice window (getmesswindow): Title, Content as plain text and ButtonText. The server gives a signed-in
 * learner each notice once, whichever device asks; this device also remembers each ID it showed (what keeps a
 * guest from seeing it again): it is marked seen as soon as it is shown.
 * `appID` undefined: the home page before a subject is chosen (notices for every subject, e.g. the welcome).
 */
export function NoticeWindow({ appID, onLink }: { appID?: number; onLink: (link: string) => void }) {
  const { data: notice } = useQuery(noticeQuery(appID));
  const [shownId, setShownId] = useState<number | null>(null);

  useEffect(() => {
    if (!notice || seenNoticeIds().includes(notice.ID)) return;
    markNoticeSeen(notice.ID);
    setShownId(notice.ID);
  }, [notice]);

  const open = notice != null && shownId === notice.ID;
  const close = () => setShownId(null);
  const dismiss = () => {
    close();
    if (notice) track.advertise({ noticeType: 'notice', activeID: notice.ID, btnType: 'close', btnName: '关闭', appID });
  };
  const tap = () => {
    close();
    if (!notice) return;
    void countActivityClick({ appID, manageMentID: notice.ID });
    track.advertise({ noticeType: 'notice', activeID: notice.ID, btnType: 'open', btnName: notice.ButtonText || '我知道了', appID });
    if (notice.Link) onLink(notice.Link);
  };

  return (
    <Modal
      open={open}
      title={notice?.Title}
      onDismiss={dismiss}
      closable
      testId="notice-window"
      footer={
        <button type="button" className={buttons.primary} onClick={tap}>
          {notice?.ButtonText || '我知道了'}
        </button>
      }
    >
      <p className={styles.noticeText}>{notice?.Content}</p>
    </Modal>
  );
}
