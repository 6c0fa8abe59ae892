import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { clearDeviceCaches, formatBytes } from './device-cache';
import { useNightMode } from '../../lib/night-mode';
import { FONT_SIZES, setFontSize, setVideoAutoplay, usePreferences } from '../../lib/preferences';
import { confirm, toast } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { Group, InfoRow, LinkRow, SwitchRow } from '../../ui/rows';
import { useCacheFacts } from './use-cache-facts';
import styles from './mine.module.css';

export const CLEAR_CONFIRM = '将清理离线题库和离线阅读内容，未同步的答题记录和笔记会保留。确定清理吗？';

/**
 * /currency — 通用设置 (docs/navigation.md): night mode, the app's text size (标准 / 大 / 特大, applied app-wide at once),
 * whether lessons start playing when opened, and the device's cache with 清理缓存 (never what waits to be sent).
 * Every setting is this device's (localStorage), kept across logins.
 */
export default function CurrencyScreen() {
  const { dark, setDark } = useNightMode();
  const prefs = usePreferences();
  const { facts, refresh } = useCacheFacts();
  const queryClient = useQueryClient();
  const [clearing, setClearing] = useState(false);

  async function clear() {
    if (!(await confirm({ content: CLEAR_CONFIRM }))) return;
    setClearing(true);
    await clearDeviceCaches();
    // The in-memory copies of screens not on show; what this screen shows stays.
    queryClient.removeQueries({ type: 'inactive' });
    await refresh();
    setClearing(false);
    toast('缓存已清理');
  }

  return (
    <Page title="通用设置">
      <div className={styles.screen}>
        <Group title="显示">
          <SwitchRow label="夜间模式" checked={dark} onChange={setDark} />
          <li className={styles.block}>
            <span className={styles.label} id="font-size-label">
              字体大小
            </span>
            <div className={styles.segments} role="radiogroup" aria-labelledby="font-size-label">
              {FONT_SIZES.map((f) => (
                <button
                  key={f.value}
                  type="button"
                  role="radio"
                  aria-checked={prefs.fontSize === f.value}
                  className={prefs.fontSize === f.value ? `${styles.segment} ${styles.segmentOn}` : styles.segment}
                  onClick={() => setFontSize(f.value)}
                >
                  {f.label}
                </button>
              ))}
            </div>
            <p className={styles.preview}>预览：护士执业资格考试 · 章节练习</p>
          </li>
        </Group>
        <Group title="播放">
          <SwitchRow label="视频自动播放" hint="打开课程时自动开始播放" checked={prefs.videoAutoplay} onChange={setVideoAutoplay} />
        </Group>
        <Group title="存储">
          <InfoRow label="缓存大小">{facts ? formatBytes(facts.usageBytes) : '计算中…'}</InfoRow>
          <InfoRow label="离线题库">{facts ? `${facts.questionSets} 套` : '…'}</InfoRow>
          <InfoRow label="离线内容">{facts ? `${facts.keptFiles} 项` : '…'}</InfoRow>
          <li className={styles.block}>
            <button type="button" className={styles.secondaryButton} disabled={clearing} onClick={() => void clear()}>
              {clearing ? '正在清理…' : '清理缓存'}
            </button>
          </li>
        </Group>
        <Group>
          <LinkRow to="/abnormal_repair" label="异常修复" />
        </Group>
      </div>
    </Page>
  );
}
