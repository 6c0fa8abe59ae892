import styles from './login.module.css';

export const LOGIN_MODES = [
  { mode: 'password', label: '密码登录' },
  { mode: 'code', label: '验证码登录' },
  { mode: 'register', label: '注册' },
] as const;
export type LoginMode = (typeof LOGIN_MODES)[number]['mode'];

export function parseMode(value: string | null): LoginMode {
  return LOGIN_MODES.some((m) => m.mode === value) ? (value as LoginMode) : 'password';
}

/** The three modes of /login as an accessible tab list (role=tab, so they are not confused with buttons). */
export function LoginTabs({ mode, onChange }: { mode: LoginMode; onChange: (mode: LoginMode) => void }) {
  return (
    <div role="tablist" aria-label="登录方式" className={styles.tabs}>
      {LOGIN_MODES.map((m) => (
        <button
          key={m.mode}
          type="button"
          role="tab"
          id={`login-tab-${m.mode}`}
          aria-selected={mode === m.mode}
          aria-controls="login-panel"
          className={mode === m.mode ? `${styles.tab} ${styles.active}` : styles.tab}
          onClick={() => onChange(m.mode)}
        >
          {m.label}
        </button>
      ))}
    </div>
  );
}
