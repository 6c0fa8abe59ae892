import { useState } from 'react';
import { endSession } from './api';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useAgent } from '../../lib/agent';
import { clearSession } from '../../lib/session';
import { useNightMode } from '../../lib/night-mode';
import { confirm } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { maskPhone } from '../../lib/format';
import { useUserInfo } from '../../entities/user/api';
import { Group, LinkRow, SwitchRow } from '../../ui/rows';
import { MessagesRow } from './settings-rows';
import form from './form.module.css';
import styles from './settings.module.css';

/** /settings — 我的消息, account rows, night mode, general settings, repair, version, about, and 退出登录. */
export default function SettingsScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const agent = useAgent();
  const user = useUserInfo().data;
  const { dark, setDark } = useNightMode();
  const [leaving, setLeaving] = useState(false);

  async function signOut() {
    if (!(await confirm({ content: '确定要退出登录吗？' }))) return;
    setLeaving(true);
    await endSession();
    clearSession();
    navigate('/login', { replace: true });
    queryClient.clear();
  }

  return (
    <Page title="设置" back>
      <div className={form.screen}>
        <Group>
          <MessagesRow />
        </Group>
        <Group title="账号与安全">
          <LinkRow to="/setpassword" label={user && !user.hasPassword ? '设置密码' : '修改密码'} />
          <LinkRow to="/bindphone" label="绑定手机" extra={maskPhone(user?.phone)} />
          <LinkRow to="/chooseUser" label="切换账号" />
          <LinkRow to="/agreementList" label="用户协议与隐私政策" />
          {/* The account's life (features/account, docs/account-deletion.md). */}
          <LinkRow to="/accountKeys" label="登录设备管理" />
          <LinkRow to="/cancelAccount" label="注销账号" />
        </Group>
        <Group title="通用">
          <SwitchRow label="夜间模式" checked={dark} onChange={setDark} />
          {/* The app's own pages (features/mine, docs/navigation.md). */}
          <LinkRow to="/currency" label="通用设置" />
          <LinkRow to="/abnormal_repair" label="异常修复" />
          <LinkRow to="/updateLog" label="更新日志" extra={`v${__APP_VERSION__}`} />
          <LinkRow to="/aboutUs" label="关于我们" extra={agent.StoreName} />
        </Group>
        <button type="button" className={styles.logout} disabled={leaving} onClick={signOut}>
          退出登录
        </button>
      </div>
    </Page>
  );
}
