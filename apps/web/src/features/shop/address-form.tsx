import { useState, type FormEvent } from 'react';
import type { AddressEntry } from '@kaoshi/contract';
import { errorText } from '../../lib/error-text';
import buttons from '../../ui/buttons.module.css';
import { saveAddress, type AddressForm as Fields } from './api';
import base from './buy.module.css';
import styles from './address.module.css';

const EMPTY: Fields = { userName: '', phone: '', address: '', details: '', isdefault: false };
const LABELS: { key: Exclude<keyof Fields, 'isdefault'>; label: string; placeholder: string; max: number; mode?: 'tel' }[] = [
  { key: 'userName', label: '收货人', placeholder: '请输入收货人姓名', max: 20 },
  { key: 'phone', label: '手机号', placeholder: '请输入手机号', max: 11, mode: 'tel' },
  { key: 'address', label: '所在地区', placeholder: '省 市 区，如：广东省 深圳市 南山区', max: 60 },
  { key: 'details', label: '详细地址', placeholder: '街道、楼栋、门牌号', max: 120 },
];

/** Adding or changing an address: the four fields the server checks (its refusal shown under the form) and 设为默认. */
export function AddressForm({ editing, onDone, onCancel }: { editing?: AddressEntry; onDone(a: AddressEntry): void; onCancel(): void }) {
  const [f, setF] = useState<Fields>(
    editing ? { userName: editing.userName, phone: editing.phone, address: editing.address, details: editing.details, isdefault: editing.isdefault === 1 } : EMPTY,
  );
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const missing = LABELS.find((l) => !f[l.key].trim());
    if (missing) return setError(`请填写${missing.label}`);
    setBusy(true);
    setError('');
    try {
      onDone(await saveAddress({ ...f, userName: f.userName.trim(), phone: f.phone.trim(), address: f.address.trim(), details: f.details.trim() }, editing?.id));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={base.section} onSubmit={submit} noValidate aria-labelledby="address-form-title">
      <h2 id="address-form-title" className={base.sectionTitle}>
        {editing ? '编辑收货地址' : '新增收货地址'}
      </h2>
      {LABELS.map((l) => (
        <label key={l.key} className={styles.field}>
          <span>{l.label}</span>
          <input value={f[l.key]} maxLength={l.max} inputMode={l.mode} placeholder={l.placeholder} onChange={(e) => setF({ ...f, [l.key]: e.target.value })} />
        </label>
      ))}
      <label className={styles.check}>
        <input type="checkbox" checked={f.isdefault} onChange={(e) => setF({ ...f, isdefault: e.target.checked })} />
        设为默认地址
      </label>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.formButtons}>
        <button type="button" className={buttons.secondary} onClick={onCancel}>
          取消
        </button>
        <button type="submit" className={buttons.primary} disabled={busy}>
          {busy ? '保存中…' : '保存'}
        </button>
      </div>
    </form>
  );
}
