import { useEffect, useState } from 'react';
import { NOTE_MAX } from '@kaoshi/contract';
import { Modal } from '../../ui/modal';
import buttons from '../../ui/buttons.module.css';
import styles from './question-actions.module.css';

interface Props {
  favourite: boolean;
  hasNote: boolean;
  /** Sources of the wrong-answer book: '移出错题本'. */
  canRemove: boolean;
  removed: boolean;
  onFav: () => void;
  onNote: () => void;
  onReport: () => void;
  onDetails: () => void;
  onRemove: () => void;
}

/** The row of one question's actions: 收藏, 笔记, 纠错, 详情 and, in the book's sources, 移出错题本. */
export function QuestionActions({ favourite, hasNote, canRemove, removed, onFav, onNote, onReport, onDetails, onRemove }: Props) {
  return (
    <div className={styles.actions} role="group" aria-label="本题操作">
      <button type="button" className={`${styles.action} ${favourite ? styles.actionOn : ''}`} aria-pressed={favourite} onClick={onFav}>
        <span aria-hidden="true" className={styles.actionIcon}>
          {favourite ? '★' : '☆'}
        </span>
        {favourite ? '已收藏' : '收藏'}
      </button>
      <button type="button" className={`${styles.action} ${hasNote ? styles.actionOn : ''}`} onClick={onNote}>
        <span aria-hidden="true" className={styles.actionIcon}>
          ✎
        </span>
        {hasNote ? '改笔记' : '笔记'}
      </button>
      <button type="button" className={styles.action} onClick={onReport}>
        <span aria-hidden="true" className={styles.actionIcon}>
          ⚑
        </span>
        纠错
      </button>
      <button type="button" className={styles.action} onClick={onDetails}>
        <span aria-hidden="true" className={styles.actionIcon}>
          ▤
        </span>
        详情
      </button>
      {canRemove ? (
        <button type="button" className={styles.action} disabled={removed} onClick={onRemove}>
          <span aria-hidden="true" className={styles.actionIcon}>
            ⊖
          </span>
          {removed ? '已移出' : '移出错题本'}
        </button>
      ) : null}
    </div>
  );
}

interface NoteProps {
  open: boolean;
  initial: string;
  saving: boolean;
  onSave: (text: string) => void;
  onClose: () => void;
}

/** The note sheet: a textarea of at most NOTE_MAX characters; saving an empty note deletes it. */
export function NoteSheet({ open, initial, saving, onSave, onClose }: NoteProps) {
  const [text, setText] = useState(initial);
  useEffect(() => {
    if (open) setText(initial);
  }, [open, initial]);
  const over = text.length > NOTE_MAX;
  return (
    <Modal
      open={open}
      variant="sheet"
      title="笔记"
      onDismiss={saving ? undefined : onClose}
      closable
      testId="note-sheet"
      footer={
        <>
          <button type="button" className={buttons.secondary} onClick={onClose} disabled={saving}>
            取消
          </button>
          <button type="button" className={buttons.primary} onClick={() => onSave(text.trim())} disabled={saving || over}>
            {saving ? '保存中…' : '保存'}
          </button>
        </>
      }
    >
      <textarea
        className={styles.noteInput}
        aria-label="笔记内容"
        placeholder="记下本题的要点、易错处…（清空后保存即删除笔记）"
        value={text}
        maxLength={NOTE_MAX}
        rows={6}
        onChange={(e) => setText(e.target.value)}
      />
      <p className={`${styles.noteCount} ${over ? styles.wrong : ''}`}>{`${text.length}/${NOTE_MAX}`}</p>
    </Modal>
  );
}
