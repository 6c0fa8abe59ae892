import { Link, useSearchParams } from 'react-router';
import { useAgent } from '../../lib/agent';
import { recentAccounts } from '../../lib/session';
import { CodeLoginForm } from './code-login-form';
import { LoginTabs, parseMode, type LoginMode } from './login-tabs';
import { PasswordLoginForm } from './password-login-form';
import { RegisterForm } from './register-form';
import form from './form.module.css';
import styles from './login.module.css';

/**
 * /login — 密码登录, 验证码登录 and 注册 (?mode=register) as tabs. `account` prefills the phone or
 * account (from /chooseUser); `redirect` names an internal path to go to after login.
 */
export default function LoginScreen() {
  const [params, setParams] = useSearchParams();
  const mode = parseMode(params.get('mode'));
  const account = params.get('account')?.slice(0, 32) ?? '';
  const phone = /^\d{11}$/.test(account) ? account : '';
  const agent = useAgent();
  const hasRecent = recentAccounts().length > 0;

  const switchMode = (next: LoginMode) => {
    const copy = new URLSearchParams(params);
    if (next === 'password') copy.delete('mode');
    else copy.set('mode', next);
    setParams(copy, { replace: true });
  };

  return (
    <main className={form.screen}>
      <header className={styles.hero}>
        <h1 className={styles.store}>{agent.StoreName}</h1>
        <p className={styles.welcome}>{mode === 'register' ? '注册账号，开始备考' : '欢迎回来，继续备考'}</p>
      </header>
      <LoginTabs mode={mode} onChange={switchMode} />
      <section id="login-panel" role="tabpanel" aria-labelledby={`login-tab-${mode}`}>
        {mode === 'password' && <PasswordLoginForm key="password" initialAccount={account} />}
        {mode === 'code' && <CodeLoginForm key="code" initialPhone={phone} />}
        {mode === 'register' && <RegisterForm key="register" initialPhone={phone} />}
      </section>
      {mode !== 'register' && (
        <nav className={form.links}>
          <Link className={form.link} to="/forgetpwd">
            忘记密码
          </Link>
          {hasRecent ? (
            <Link className={form.link} to="/chooseUser">
              切换账号
            </Link>
          ) : null}
        </nav>
      )}
    </main>
  );
}
