import { useState, type FormEvent } from 'react';
import { errorText } from '../../lib/error-text';
import { collect } from './validate';

type Values = Record<string, unknown>;
type Key<V> = keyof V & string;
/** The names of the text fields (the values that are strings). */
type TextKey<V> = { [K in Key<V>]: V[K] extends string ? K : never }[Key<V>];

export interface SubmitOptions {
  /** The form stays on screen after a success (a next step), so it is enabled again. */
  reenable?: boolean;
}

/**
 * The state every account form keeps: its values, an inline error per field (cleared when the
 * field changes), the message of a failed call and a busy flag while the call runs.
 */
export function useForm<V extends Values>(initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Key<V>, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Changes a value and clears its error. */
  function set<K extends Key<V>>(name: K, value: V[K]) {
    setValues((x) => ({ ...x, [name]: value }));
    setErrors((x) => ({ ...x, [name]: undefined }));
  }

  function setError(name: Key<V>, message: string) {
    setErrors((x) => ({ ...x, [name]: message }));
  }

  /** The value, onValue and error props of a text field. */
  function field<K extends TextKey<V>>(name: K) {
    return { value: values[name] as string, onValue: (v: string) => set(name, v as V[K]), error: errors[name] };
  }

  /**
   * A form's onSubmit: shows what `validate` finds and stops there; otherwise sets busy and runs
   * `run` (the call, made with `{ silent: true }`). A failure is shown under the form (errorText)
   * and the form enabled again; after a success it stays busy (the screen is leaving) unless
   * `reenable`.
   */
  function submit(validate: () => Partial<Record<Key<V>, string | null>>, run: () => Promise<unknown>, { reenable = false }: SubmitOptions = {}) {
    return async (e: FormEvent) => {
      e.preventDefault();
      const found = collect(validate());
      setErrors(found);
      setServerError(null);
      if (Object.keys(found).length > 0) return;
      setBusy(true);
      try {
        await run();
        if (reenable) setBusy(false);
      } catch (err) {
        setServerError(errorText(err));
        setBusy(false);
      }
    };
  }

  return { values, errors, serverError, busy, field, set, setError, setServerError, submit };
}

export type Form<V extends Values> = ReturnType<typeof useForm<V>>;
