import { useState } from 'react';
import { DISCUSSION_MSG, DISCUSSION_REASONS, type DiscussionReason } from '@kaoshi/contract';
import { errorText } from '../../../lib/error-text';
import { toast } from '../../../ui/dialogs';
import { Modal } from '../../../ui/modal';
import { report } from '../api';
import styles from '../discussion.module.css';

/** 举报: a bottom sheet of reasons; picking one files the report. */
export function ReportSheet({ postID, onClose }: { postID: number | null; onClose: () => void }) {
  const [sending, setSending] = useState(false);

  async function pick(reason: DiscussionReason) {
    if (postID === null) return;
    setSending(true);
    try {
      await report(postID, reason);
      toast(DISCUSSION_MSG.reported);
      onClose();
    } catch (e) {
      toast(errorText(e));
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open={postID !== null}
      variant="sheet"
      title="举报原因"
      onDismiss={onClose}
      testId="report-sheet"
      footer={
        <button type="button" className={styles.reasonCancel} onClick={onClose}>
          取消
        </button>
      }
    >
      <ul className={styles.reasons}>
        {DISCUSSION_REASONS.map((r) => (
          <li key={r.id}>
            <button type="button" className={styles.reason} disabled={sending} onClick={() => void pick(r.id)}>
              {r.name}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
