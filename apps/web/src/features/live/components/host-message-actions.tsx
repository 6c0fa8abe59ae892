import { LIVE_MUTE_MINUTES } from '@kaoshi/contract';
import { useState } from 'react';
import styles from '../room.module.css';

/** What the host may do to a message (sent as socket frames by the room). */
export interface HostTools {
  remove: (id: number) => void;
  mute: (userId: number, minutes: number) => void;
}

export const muteLabel = (minutes: number): string => (minutes % 60 === 0 ? `${minutes / 60}小时` : `${minutes}分钟`);

/** 删除 and 禁言 (10分钟 / 1小时 / 24小时) beside a learner's message, for the host. */
export function HostMessageActions({ id, userId, name, tools }: { id: number; userId: number | null; name: string; tools: HostTools }) {
  const [muting, setMuting] = useState(false);
  return (
    <span className={styles.hostActions}>
      <button type="button" className={styles.smallButton} onClick={() => tools.remove(id)} aria-label={`删除${name}的消息`}>
        删除
      </button>
      {userId !== null ? (
        <button type="button" className={styles.smallButton} onClick={() => setMuting((v) => !v)} aria-expanded={muting} aria-label={`禁言${name}`}>
          禁言
        </button>
      ) : null}
      {muting && userId !== null ? (
        <span className={styles.muteMenu} role="group" aria-label="禁言时长">
          {LIVE_MUTE_MINUTES.map((m) => (
            <button
              key={m}
              type="button"
              className={styles.smallButton}
              onClick={() => {
                tools.mute(userId, m);
                setMuting(false);
              }}
            >
              {muteLabel(m)}
            </button>
          ))}
        </span>
      ) : null}
    </span>
  );
}
