import Picker from 'antd-mobile/es/components/picker';
import { useState, type ReactNode } from 'react';
import { confirmParts, formatParts, partsFromDate, partsToDate, wheelColumns, wheelFromParts, type PickerType, type WheelValue } from './picker-value';
import { normalizePickerValue } from '@kaoshi/contract';

export interface DateTimePickerProps {
  type: PickerType;
  /** The current value; today/now when absent. */
  value?: Date | null;
  /** The chosen value as a Date and as text ('YYYY-MM-DD', 'YYYY-MM', 'YYYY', 'YYYY-MM-DD HH:mm', 'HH:mm'). */
  onConfirm: (value: Date, text: string) => void;
  /** Year limits; 1900 and 2099 by default. */
  minYear?: number;
  maxYear?: number;
  title?: ReactNode;
  /** Controlled visibility. When left out, the picker renders its own trigger row showing the value. */
  visible?: boolean;
  onClose?: () => void;
  /** Trigger text when there is no value (uncontrolled use). */
  placeholder?: string;
}

/**
 * The date/time wheel picker of spec §2 with its five types, on antd-mobile's Picker. Columns come from
 * the contract's calendar rules: days follow leap years, the day is clamped on confirm.
 */
export function DateTimePicker({ type, value, onConfirm, minYear, maxYear, title, visible, onClose, placeholder = '请选择' }: DateTimePickerProps) {
  const [open, setOpen] = useState(false);
  const controlled = visible !== undefined;
  const limits = { min: minYear, max: maxYear };
  const base = value ?? new Date();
  const initial = wheelFromParts(type, normalizePickerValue(partsFromDate(base), limits));

  const close = () => {
    if (!controlled) setOpen(false);
    onClose?.();
  };

  const picker = (
    <Picker
      title={title}
      visible={controlled ? visible : open}
      value={initial}
      columns={(v: WheelValue[]) => wheelColumns(type, v, limits)}
      confirmText="确定"
      cancelText="取消"
      onConfirm={(v) => {
        const parts = confirmParts(type, v, base, limits);
        onConfirm(partsToDate(parts), formatParts(type, parts));
      }}
      onClose={close}
      destroyOnClose
    />
  );

  if (controlled) return picker;
  return (
    <>
      <button type="button" className="ks-picker-trigger" onClick={() => setOpen(true)}>
        <span>{value ? formatParts(type, normalizePickerValue(partsFromDate(value), limits)) : placeholder}</span>
        <span aria-hidden="true">›</span>
      </button>
      {picker}
    </>
  );
}

export default DateTimePicker;
