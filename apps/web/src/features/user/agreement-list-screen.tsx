import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AGREEMENT_KINDS, AGREEMENT_TITLES, CONSENT_VIA, type AgreementKind } from '@kaoshi/contract';
import { errorText } from '../../lib/error-text';
import { confirm, toast } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { StateMessage } from '../../ui/states';
import { acceptAgreement, agreementKeys, agreementListQuery } from './agreement-api';
import { useSignOut } from './password-screens';
import { Group, LinkRow } from '../../ui/rows';
import { loginStepPath, remainingSteps } from './use-finish-login';
import form from './form.module.css';
import styles from './agreement-screens.module.css';
import { chinaParts } from '../../lib/china-time';

/** 2026-11-20T02:00:00Z → 2026年11月20日 10:00 (China time). */
export function consentTime(iso: string): string {
  const d = chinaParts(Date.parse(iso));
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.y}年${d.m}月${d.d}日 ${p(d.hh)}:${p(d.mm)}`;
}
export const versionDate = (v: string) => v.replace(/^(\d{4})-0?(\d{1,2})-0?(\d{1,2})$/, '$1年$2月$3日');
const docPath = (kind: AgreementKind, version?: string) => `/information?kind=${kind}${version ? `&version=${version}` : ''}`;
const viaText = (via: string) => CONSENT_VIA[via as keyof typeof CONSENT_VIA] ?? via;

/**
 * /agreementList — the 用户协议 and 隐私政策: the current version, the learner's own consent records (PIPL: what
 * was accepted, when, how), earlier versions. With ?consent=1 (a login that answered consentNeeded) it first asks
 * 同意并继续 / 不同意 (signs out) and then goes on with the login's next step.
 */
export default function AgreementListScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const list = useQuery(agreementListQuery());
  const [busy, setBusy] = useState(false);
  const asking = params.get('consent') === '1' && list.data?.accepted === false;

  async function agree() {
    setBusy(true);
    try {
      await acceptAgreement();
      await queryClient.invalidateQueries({ queryKey: agreementKeys.all });
      toast('已同意更新后的协议');
      const { steps, redirect } = remainingSteps(params, 'consent');
      navigate(loginStepPath(steps, redirect), { replace: true });
    } catch (err) {
      toast(errorText(err));
      setBusy(false);
    }
  }
  async function decline() {
    if (await confirm({ content: '不同意更新后的协议将无法继续使用，确定退出登录吗？', confirmText: '退出登录', cancelText: '再看看' })) await signOut();
  }
  // After agreeing (or when there was nothing to ask) the consent link goes on like the button would.
  const goOn = () => {
    const { steps, redirect } = remainingSteps(params, 'consent');
    navigate(loginStepPath(steps, redirect), { replace: true });
  };

  const data = list.data;
  return (
    <Page title="用户协议与隐私政策" back={asking ? decline : params.get('consent') === '1' ? goOn : true}>
      <div className={form.screen}>
        {list.isPending ? (
          <StateMessage text="加载中…" />
        ) : list.isError || !data ? (
          <StateMessage text={errorText(list.error)} onRetry={() => void list.refetch()} />
        ) : (
          <>
            {asking ? (
              <section className={styles.notice} aria-labelledby="consent-title">
                <h2 id="consent-title" className={styles.noticeTitle}>
                  《用户协议》和《隐私政策》已更新
                </h2>
                <p>{data.current.summary}</p>
                <p className={styles.muted}>请阅读更新后的内容。您同意后可继续使用；不同意将退出登录，您也可以申请注销账号。</p>
                <div className={styles.docLinks}>
                  {AGREEMENT_KINDS.map((k) => (
                    <Link key={k} className={styles.docLink} to={docPath(k)}>
                      《{AGREEMENT_TITLES[k]}》
                    </Link>
                  ))}
                </div>
                <button type="button" className={form.primary} disabled={busy} onClick={agree}>
                  同意并继续
                </button>
                <button type="button" className={form.secondary} disabled={busy} onClick={decline}>
                  不同意
                </button>
              </section>
            ) : null}
            <Group title={`当前版本 ${data.current.version}（${versionDate(data.current.effectiveAt)}生效）`}>
              {AGREEMENT_KINDS.map((k) => (
                <LinkRow key={k} to={docPath(k)} label={AGREEMENT_TITLES[k]} />
              ))}
            </Group>
            <Group title="我的同意记录">
              {data.consents.length === 0 ? (
                <li className={styles.record}>暂无记录</li>
              ) : (
                data.consents.map((c) => (
                  <li key={c.version} className={styles.record}>
                    <span>
                      {c.version} 版 · {viaText(c.via)}
                    </span>
                    <span className={styles.muted}>{consentTime(c.acceptedAt)}</span>
                  </li>
                ))
              )}
            </Group>
            {data.history.length > 0 ? (
              <Group title="历史版本">
                {data.history.map((v) => (
                  <li key={v.version} className={styles.version}>
                    <p>
                      {v.version} 版（{versionDate(v.effectiveAt)}生效）
                    </p>
                    <p className={styles.muted}>{v.summary}</p>
                    <div className={styles.docLinks}>
                      {AGREEMENT_KINDS.map((k) => (
                        <Link key={k} className={styles.docLink} to={docPath(k, v.version)}>
                          {AGREEMENT_TITLES[k]}
                        </Link>
                      ))}
                    </div>
                  </li>
                ))}
              </Group>
            ) : null}
            <p className={styles.meta}>您可以在“个人资料”中更正信息，在“设置”中管理登录设备或申请注销账号；撤回同意不影响撤回前已进行的处理。</p>
          </>
        )}
      </div>
    </Page>
  );
}
