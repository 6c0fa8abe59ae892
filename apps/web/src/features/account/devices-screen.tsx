import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_MSG, DEVICE_KIND_NAMES, type DeviceItem } from '@kaoshi/contract';
import { errorText } from '../../lib/error-text';
import { shortTime } from '../../lib/format';
import { confirm, toast } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { StateMessage } from '../../ui/states';
import { devicesQuery, signOutDevice, signOutOthers } from './api';
import styles from './account.module.css';

/** '手机 · iOS 17 · 微信': the kind, then what is known of the system and the browser. */
const deviceName = (d: DeviceItem) => [DEVICE_KIND_NAMES[d.kind], d.os, d.browser].filter(Boolean).join(' · ');

/**
 * /accountKeys 登录设备管理: the learner's open sessions (本机 first) with device, last use and masked IP; 下线 ends
 * one other device, 下线其他所有设备 all of them (docs/account-deletion.md, "Devices").
 */
export function DevicesScreen() {
  const q = useQuery(devicesQuery());
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);

  async function run(key: string, question: string, act: () => Promise<string>) {
    if (!(await confirm({ content: question }))) return;
    setBusy(key);
    try {
      toast(await act());
    } catch (e) {
      toast(errorText(e));
    } finally {
      setBusy(null);
    }
  }

  const list = q.data?.list ?? [];
  const others = list.filter((d) => !d.current).length;
  let body;
  if (q.isError && !q.data) body = <StateMessage text={errorText(q.error)} onRetry={() => void q.refetch()} />;
  else if (q.isPending) body = <StateMessage text="加载中…" />;
  else
    body = (
      <>
        <ul className={styles.devices} aria-label="登录设备">
          {list.map((d) => (
            <li key={d.id} className={styles.device}>
              <div className={styles.deviceHead}>
                <span className={styles.deviceName}>{deviceName(d)}</span>
                {d.current ? <span className={styles.tag}>本机</span> : null}
              </div>
              <p className={styles.meta}>
                最近使用 <time dateTime={d.lastSeenAt}>{shortTime(d.lastSeenAt)}</time>
                {' · '}登录于 <time dateTime={d.createdAt}>{shortTime(d.createdAt)}</time>
              </p>
              <p className={styles.meta}>{d.ip ? `IP ${d.ip}${d.place ? ` · ${d.place}` : ''}` : 'IP 未知'}</p>
              {d.current ? null : (
                <button
                  type="button"
                  className={styles.signOut}
                  aria-label={`下线 ${deviceName(d)}`}
                  disabled={busy !== null}
                  onClick={() =>
                    void run(d.id, '确定让该设备下线吗？该设备需要重新登录才能使用。', async () => {
                      await signOutDevice(queryClient, d.id);
                      return ACCOUNT_MSG.signedOut;
                    })
                  }
                >
                  下线
                </button>
              )}
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={styles.dangerButton}
          disabled={others === 0 || busy !== null}
          onClick={() =>
            void run('others', '确定让除本机以外的所有设备下线吗？', async () => ((await signOutOthers(queryClient)) > 0 ? ACCOUNT_MSG.signedOutOthers : ACCOUNT_MSG.noOthers))
          }
        >
          下线其他所有设备
        </button>
        <p className={styles.note}>IP 仅显示前两段；暂不提供 IP 所在地（服务器未接入 IP 地址库），局域网地址标为“局域网”。</p>
      </>
    );

  return (
    <Page title="登录设备管理">
      <div className={styles.screen}>
        <p className={styles.intro}>以下是正在登录你账号的设备。发现不认识的设备，请让它下线并尽快修改密码。</p>
        {body}
      </div>
    </Page>
  );
}
