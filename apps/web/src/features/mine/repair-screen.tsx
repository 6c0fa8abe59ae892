import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatBytes } from './device-cache';
import { outboxStatus, type OutboxStatus } from '../../lib/outbox/status';
import { Page } from '../../ui/page';
import { clearStep, reloadStep, reportStep, syncStep, type StepResult } from './repair-steps';
import { useCacheFacts } from './use-cache-facts';
import styles from './mine.module.css';

type StepName = 'sync' | 'clear' | 'reload' | 'report';
const STEPS: { name: StepName; label: string; run: () => Promise<StepResult> }[] = [
  { name: 'sync', label: '同步未上传的数据', run: syncStep },
  { name: 'clear', label: '清理缓存', run: clearStep },
  { name: 'reload', label: '重新加载机构和科目', run: reloadStep },
  { name: 'report', label: '提交诊断报告', run: reportStep },
];
type Results = Partial<Record<StepName, StepResult | 'running'>>;

/**
 * /abnormal_repair — 异常修复 (docs/navigation.md): what waits to be sent (practice answers, exam replies, reading
 * marks, video progress) and what the device keeps, with 立即同步, 清理缓存 (never what waits), 重新加载 (agent and
 * subject) and 提交诊断报告 (through the front-end error report), each on its own or all at once (一键修复).
 */
export default function RepairScreen() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<OutboxStatus | null>(null);
  const { facts, refresh } = useCacheFacts();
  const [results, setResults] = useState<Results>({});
  const busy = Object.values(results).includes('running');

  const readPending = useCallback(async () => setPending(await outboxStatus()), []);
  useEffect(() => {
    void readPending();
  }, [readPending]);

  async function run(names: StepName[]) {
    setResults((r) => {
      const next = { ...r };
      for (const n of names) delete next[n];
      return next;
    });
    for (const step of STEPS.filter((s) => names.includes(s.name))) {
      setResults((r) => ({ ...r, [step.name]: 'running' }));
      const out = await step.run();
      if (step.name === 'clear') queryClient.removeQueries({ type: 'inactive' });
      if (step.name === 'reload') await queryClient.invalidateQueries();
      setResults((r) => ({ ...r, [step.name]: out }));
    }
    await Promise.all([readPending(), refresh()]);
  }

  const rows: [string, number | undefined][] = [
    ['练习答案', pending?.practice],
    ['考试答案', pending?.exam],
    ['阅读进度与笔记', pending?.reading],
    ['视频进度', pending?.video],
  ];

  return (
    <Page title="异常修复">
      <div className={styles.screen}>
        <p className={styles.lead}>遇到题目打不开、记录不同步、页面显示异常时，可以先试试一键修复。未上传的答题记录不会被清除。</p>
        <button type="button" className={styles.primaryButton} disabled={busy} onClick={() => void run(STEPS.map((s) => s.name))}>
          {busy ? '正在修复…' : '一键修复'}
        </button>

        <section className={styles.card} aria-labelledby="repair-pending">
          <h2 id="repair-pending" className={styles.cardTitle}>
            待同步的数据
            <span className={styles.cardFigure} data-testid="pending-total">
              {pending ? `${pending.total} 条` : '…'}
            </span>
          </h2>
          <dl className={styles.facts}>
            {rows.map(([label, n]) => (
              <div key={label} className={styles.fact}>
                <dt>{label}</dt>
                <dd>{n === undefined ? '…' : `${n} 条`}</dd>
              </div>
            ))}
          </dl>
          <StepLine result={results.sync} />
          <button type="button" className={styles.secondaryButton} disabled={busy} onClick={() => void run(['sync'])}>
            立即同步
          </button>
        </section>

        <section className={styles.card} aria-labelledby="repair-cache">
          <h2 id="repair-cache" className={styles.cardTitle}>
            缓存
            <span className={styles.cardFigure}>{facts ? formatBytes(facts.usageBytes) : '…'}</span>
          </h2>
          <dl className={styles.facts}>
            <div className={styles.fact}>
              <dt>离线题库</dt>
              <dd>{facts ? `${facts.questionSets} 套` : '…'}</dd>
            </div>
            <div className={styles.fact}>
              <dt>离线内容</dt>
              <dd>{facts ? `${facts.keptFiles} 项` : '…'}</dd>
            </div>
          </dl>
          <StepLine result={results.clear} />
          <button type="button" className={styles.secondaryButton} disabled={busy} onClick={() => void run(['clear'])}>
            清理缓存
          </button>
        </section>

        <section className={styles.card} aria-labelledby="repair-reload">
          <h2 id="repair-reload" className={styles.cardTitle}>
            重新加载
          </h2>
          <p className={styles.cardText}>重新获取机构信息（主题、客服联系方式）和当前科目的版本与开通记录。</p>
          <StepLine result={results.reload} />
          <button type="button" className={styles.secondaryButton} disabled={busy} onClick={() => void run(['reload'])}>
            重新加载机构和科目
          </button>
        </section>

        <section className={styles.card} aria-labelledby="repair-report">
          <h2 id="repair-report" className={styles.cardTitle}>
            诊断报告
          </h2>
          <p className={styles.cardText}>把设备和应用的运行情况（不含密码和答题内容）发送给技术人员，帮助排查问题。</p>
          <StepLine result={results.report} />
          <button type="button" className={styles.secondaryButton} disabled={busy} onClick={() => void run(['report'])}>
            提交诊断报告
          </button>
        </section>
      </div>
    </Page>
  );
}

/** What a repair answered (announced politely to screen readers), or that it runs. */
function StepLine({ result }: { result: StepResult | 'running' | undefined }) {
  return (
    <p className={result && result !== 'running' && !result.ok ? `${styles.stepLine} ${styles.stepFail}` : styles.stepLine} role="status">
      {result === 'running' ? '进行中…' : result ? `${result.ok ? '✓' : '!'} ${result.text}` : ''}
    </p>
  );
}
