import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './form.module.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>;

interface FieldProps extends InputProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | null;
  /** Something beside the input: a show-password toggle, a send-code button. */
  aside?: ReactNode;
}

/** A labelled text input with its error under it; the error is tied to the input for screen readers. */
export function Field({ label, value, onValue, error, aside, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.row}>
        <input
          id={id}
          className={styles.input}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {aside}
      </div>
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function PhoneField(props: Omit<FieldProps, 'label'> & { label?: string }) {
  return <Field label="手机号" placeholder="请输入手机号" type="tel" inputMode="numeric" autoComplete="tel" maxLength={11} {...props} />;
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, 'aside' | 'type'>) {
  const [shown, setShown] = useState(false);
  return (
    <Field
      placeholder="请输入密码"
      autoComplete="current-password"
      maxLength={20}
      {...props}
      type={shown ? 'text' : 'password'}
      aside={
        <button type="button" className={styles.iconButton} aria-label={shown ? '隐藏密码' : '显示密码'} aria-pressed={shown} onClick={() => setShown((s) => !s)}>
          {shown ? '隐藏' : '显示'}
        </button>
      }
    />
  );
}

type Binding = Pick<FieldProps, 'value' | 'onValue' | 'error'>;

/** 新密码 and 确认新密码, where a password is set or reset. */
export function NewPasswordFields({ password, confirm }: { password: Binding; confirm: Binding }) {
  return (
    <>
      <PasswordField label="新密码" autoComplete="new-password" {...password} />
      <PasswordField label="确认新密码" placeholder="请再次输入密码" autoComplete="new-password" {...confirm} />
    </>
  );
}

/** The message of a failed call, shown inline under a form. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className={styles.formError}>
      {message}
    </p>
  );
}
