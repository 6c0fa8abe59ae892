import { FEEDBACK_MAX_IMAGES, UPLOAD_MSG } from '@kaoshi/contract';
import { useState } from 'react';
import { errorText } from '../../../lib/error-text';
import { toast } from '../../../ui/dialogs';
import { UploadRefused, uploadScreenshot } from '../api';
import styles from '../feedback.module.css';

export interface Shot {
  key: string;
  url: string;
}

/**
 * Up to FEEDBACK_MAX_IMAGES screenshots: each chosen image is uploaded at once (upload.image, purpose 'feedback';
 * the server checks and re-encodes it) and shown by its URL; × removes it from the feedback.
 */
export function ScreenshotPicker({ shots, onChange, onBusy }: { shots: Shot[]; onChange: (shots: Shot[]) => void; onBusy: (busy: boolean) => void }) {
  const [pending, setPending] = useState(0);

  async function add(files: FileList | null) {
    const chosen = [...(files ?? [])].slice(0, FEEDBACK_MAX_IMAGES - shots.length);
    if (chosen.length === 0) return;
    setPending(chosen.length);
    onBusy(true);
    const added: Shot[] = [];
    for (const file of chosen) {
      if (file.type && !file.type.startsWith('image/')) {
        toast(UPLOAD_MSG.badType);
        continue;
      }
      try {
        added.push(await uploadScreenshot(file));
      } catch (e) {
        toast(e instanceof UploadRefused ? e.message : errorText(e));
      } finally {
        setPending((n) => n - 1);
      }
    }
    onBusy(false);
    setPending(0);
    onChange([...shots, ...added]);
  }

  return (
    <ul className={styles.shots} aria-label="截图">
      {shots.map((s, i) => (
        <li key={s.key} className={styles.shot}>
          <img src={s.url} alt={`截图${i + 1}`} />
          <button type="button" className={styles.remove} aria-label={`删除截图${i + 1}`} onClick={() => onChange(shots.filter((x) => x.key !== s.key))}>
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
      {Array.from({ length: pending }, (_, i) => (
        <li key={`pending-${i}`} className={styles.shot}>
          <span className={styles.pending}>上传中…</span>
        </li>
      ))}
      {shots.length + pending < FEEDBACK_MAX_IMAGES ? (
        <li>
          <label className={styles.add}>
            <span className={styles.plus} aria-hidden="true">
              +
            </span>
            {`${shots.length}/${FEEDBACK_MAX_IMAGES}`}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              multiple
              className="ks-visually-hidden"
              aria-label="添加截图"
              disabled={pending > 0}
              onChange={(e) => {
                void add(e.target.files);
                e.target.value = '';
              }}
            />
          </label>
        </li>
      ) : null}
    </ul>
  );
}
