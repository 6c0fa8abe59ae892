import { useState } from 'react';
import { useNavigate } from 'react-router';
import { forgetAccount, recentAccounts } from '../../lib/session';
import { Page } from '../../ui/page';
import { EmptyData } from '../../ui/empty-data';
import { initialOf, maskPhone } from '../../lib/format';
import { goBack } from '../../lib/go-back';
import form from './form.module.css';
import styles from './choose-user.module.css';

/** /chooseUser — the accounts that logged in on this device; tap one to log in with it. */
export default function ChooseUserScreen() {
  const navigate = useNavigate();
  const [accounts, setAccounts] = useState(recentAccounts);

  const remove = (name: string) => {
    forgetAccount(name);
    setAccounts(recentAccounts());
  };

  return (
    <Page title="切换账号" back={() => goBack(navigate, '/login')}>
      <div className={form.screen}>
        {accounts.length > 0 ? (
          <>
            <p className={form.hint}>选择在本机登录过的账号</p>
            <ul className={styles.list}>
              {accounts.map((name) => (
                <li key={name} className={styles.row}>
                  <button type="button" className={styles.pick} onClick={() => navigate(`/login?account=${encodeURIComponent(name)}`)}>
                    <span className={styles.avatar} aria-hidden="true">
                      {initialOf(name)}
                    </span>
                    <span className={styles.name}>{maskPhone(name)}</span>
                  </button>
                  <button type="button" className={styles.remove} aria-label={`删除账号 ${maskPhone(name)}`} onClick={() => remove(name)}>
                    删除
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <EmptyData message="本机还没有登录过的账号" />
        )}
        <button type="button" className={form.secondary} onClick={() => navigate('/login')}>
          使用其他账号登录
        </button>
      </div>
    </Page>
  );
}
