import { chooseSubject } from '../../entities/subject/choose-subject';
import { clientKind } from '../../lib/client-kind';
import { cacheFacts, clearDeviceCaches, formatBytes } from './device-cache';
import { outboxStatus, syncOutbox, type OutboxStatus } from '../../lib/outbox/status';
import { getSelectedSubject } from '../../lib/subject';
import { reloadAgent, sendDiagnostic } from './api';

/**
 * The four repairs of /abnormal_repair (docs/navigation.md), each answering a line for the learner and never
 * throwing: sync what waits in the outboxes, clear the device's caches (never what waits), reload the agent and the
 * subject (versions and purchases), and file a diagnostic report. 一键修复 runs them in this order.
 */

export interface StepResult {
  ok: boolean;
  text: string;
}

export async function syncStep(): Promise<StepResult & { left: OutboxStatus }> {
  const before = await outboxStatus();
  if (before.total === 0) return { ok: true, text: '没有待同步的数据', left: before };
  const left = await syncOutbox();
  if (left.total === 0) return { ok: true, text: `已同步 ${before.total} 条数据`, left };
  return { ok: false, text: `网络异常，还有 ${left.total} 条未同步，联网后会自动上传`, left };
}

export async function clearStep(): Promise<StepResult> {
  await clearDeviceCaches();
  return { ok: true, text: '缓存已清理（未同步的数据已保留）' };
}

export async function reloadStep(): Promise<StepResult> {
  try {
    await reloadAgent();
  } catch {
    return { ok: false, text: '机构信息加载失败，请检查网络后重试' };
  }
  const subject = getSelectedSubject();
  if (!subject) return { ok: true, text: '已重新加载机构信息（尚未选择科目）' };
  const out = await chooseSubject({ AppID: subject.AppID, AppEName: subject.AppEName, AppName: subject.AppName, CName: subject.AppCName, vn: subject.AppVn }).catch(() => null);
  if (out?.kind === 'chosen') return { ok: true, text: `已重新加载机构信息和“${out.subject.AppName}”` };
  return { ok: false, text: '科目加载失败，请重新选择科目' };
}

/** A short code the learner can quote to customer service; it is in the report's detail. */
export function reportCode(now: number = Date.now(), random: () => number = Math.random): string {
  const tail = Math.floor(random() * 36 ** 3)
    .toString(36)
    .padStart(3, '0');
  return `${now.toString(36).slice(-5)}${tail}`.toUpperCase();
}

/** The report's detail: facts about the device and what waits, never the session or anything the learner wrote. */
export async function diagnosticDetail(code: string): Promise<string> {
  const [pending, facts] = await Promise.all([outboxStatus(), cacheFacts()]);
  const subject = getSelectedSubject();
  const lines = [
    `diagnostic report ${code}`,
    `app version: ${__APP_VERSION__}`,
    `client: ${clientKind()}; online: ${typeof navigator !== 'undefined' ? String(navigator.onLine) : 'unknown'}`,
    `user agent: ${typeof navigator !== 'undefined' ? navigator.userAgent : ''}`,
    `subject: ${subject ? `${subject.AppID} vn ${subject.AppVn} current ${subject.curAppvn}` : 'none'}`,
    `pending: practice ${pending.practice}, exam ${pending.exam}, reading ${pending.reading}, video ${pending.video}`,
    `cache: question sets ${facts.questionSets}, kept files ${facts.keptFiles}, storage ${formatBytes(facts.usageBytes)}`,
    `screen: ${typeof window !== 'undefined' ? `${window.innerWidth}x${window.innerHeight}` : ''}`,
  ];
  return lines.join('\n');
}

export async function reportStep(): Promise<StepResult & { code?: string }> {
  const code = reportCode();
  try {
    await sendDiagnostic(await diagnosticDetail(code));
    return { ok: true, text: `诊断报告已提交，编号 ${code}。联系客服时请提供此编号`, code };
  } catch {
    return { ok: false, text: '诊断报告提交失败，请检查网络后重试' };
  }
}
