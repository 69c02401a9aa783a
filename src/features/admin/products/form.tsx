import { Trans } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { useValidator } from '@/lib/validation';
import { AdminButton, Split, useConfirm } from '../components';
import styles from './form.module.css';

/**
 * Forms of the console's product sections (the toolkit has tables and dialogs, no form): fields
 * described as data, checked with the endpoint's own contract schema before anything is sent (the
 * message under the field is the server's wording), then a confirmation that names what changes,
 * then the save. The server checks again; its refusal keeps the form as typed.
 */
export type FieldKind = 'text' | 'decimal' | 'integer' | 'textarea' | 'select' | 'datetime' | 'switch';

export interface FieldSpec {
  name: string;
  label: ReactNode;
  kind: FieldKind;
  hint?: ReactNode;
  options?: readonly { value: string; label: string }[];
  /** Shown but not editable (a term fixed once people bought). */
  readOnly?: boolean;
  wide?: boolean;
}

/** Form values are strings (booleans for switches), as typed. */
export type FormValues = Record<string, string | boolean>;

/** Epoch ms ↔ the value of an `<input type="datetime-local">` in the browser's time zone. */
export function toLocalInput(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function fromLocalInput(v: string): number | undefined {
  if (!v) return undefined;
  const ms = new Date(v).getTime();
  return Number.isFinite(ms) ? ms : undefined;
}

/** What the schema receives: empty fields left out, datetimes as epoch ms. */
function toRequest(fields: readonly FieldSpec[], values: FormValues, extra: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...extra };
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === 'switch') out[f.name] = v === true;
    else if (typeof v !== 'string' || v.trim() === '') continue;
    else if (f.kind === 'datetime') out[f.name] = fromLocalInput(v);
    else out[f.name] = v;
  }
  return out;
}

export interface ProductFormProps<S extends z.ZodType> {
  fields: readonly FieldSpec[];
  initial: FormValues;
  /** The endpoint's request schema. */
  schema: S;
  /** Sent with the fields (an id). */
  extra?: Record<string, unknown>;
  confirmTitle: ReactNode;
  confirmBody?: ReactNode;
  submitLabel?: ReactNode;
  onSubmit: (data: z.output<S>) => Promise<unknown>;
  /** Called after a successful save. */
  onSaved?: () => void;
  onCancel?: () => void;
}

export function ProductForm<S extends z.ZodType>({
  fields,
  initial,
  schema,
  extra = {},
  confirmTitle,
  confirmBody,
  submitLabel,
  onSubmit,
  onSaved,
  onCancel,
}: ProductFormProps<S>) {
  const [values, setValues] = useState<FormValues>(initial);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const validate = useValidator();
  const { confirm, dialog } = useConfirm();
  const formId = useId();

  const submit = async () => {
    const checked = validate(schema, toRequest(fields, values, extra));
    if (!checked.ok) {
      setProblem({ field: checked.field, message: checked.message });
      return;
    }
    setProblem(null);
    const done = await confirm({ title: confirmTitle, body: confirmBody }, () => onSubmit(checked.data));
    if (done) onSaved?.();
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {fields.map((f) => {
        const id = `${formId}-${f.name}`;
        const invalid = problem?.field === f.name;
        const set = (v: string | boolean) => setValues((old) => ({ ...old, [f.name]: v }));
        const value = values[f.name];
        let control: ReactNode;
        if (f.kind === 'switch') {
          return (
            <label key={f.name} className={`${styles.check} ${f.wide ? styles.wide : ''}`}>
              <input
                type="checkbox"
                checked={value === true}
                disabled={f.readOnly}
                onChange={(e) => set(e.target.checked)}
              />
              {f.label}
            </label>
          );
        }
        const common = {
          id,
          className: styles.control,
          'aria-invalid': invalid,
          disabled: f.readOnly,
          value: typeof value === 'string' ? value : '',
        };
        if (f.kind === 'textarea') control = <textarea {...common} onChange={(e) => set(e.target.value)} />;
        else if (f.kind === 'select') {
          control = (
            <select {...common} onChange={(e) => set(e.target.value)}>
              {f.options?.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          );
        } else {
          control = (
            <input
              {...common}
              type={f.kind === 'datetime' ? 'datetime-local' : 'text'}
              inputMode={f.kind === 'decimal' ? 'decimal' : f.kind === 'integer' ? 'numeric' : undefined}
              onChange={(e) => set(e.target.value)}
            />
          );
        }
        return (
          <div key={f.name} className={`${styles.field} ${f.wide || f.kind === 'textarea' ? styles.wide : ''}`}>
            <label htmlFor={id}>{f.label}</label>
            {control}
            {invalid && (
              <span className={styles.error} role="alert">
                {problem?.message}
              </span>
            )}
            {f.hint && <span className={styles.hint}>{f.hint}</span>}
          </div>
        );
      })}
      {problem && !fields.some((f) => f.name === problem.field) && (
        <span className={`${styles.error} ${styles.wide}`} role="alert">
          {problem?.message}
        </span>
      )}
      <div className={styles.actions}>
        {onCancel && (
          <AdminButton onClick={onCancel}>
            <Trans>Cancel</Trans>
          </AdminButton>
        )}
        <AdminButton kind="primary" type="submit">
          {submitLabel ?? <Trans>Save</Trans>}
        </AdminButton>
      </div>
      {dialog}
    </form>
  );
}

/** Tabs of a section (NFT catalogue: artists, artworks). */
export function Tabs<K extends string>({
  tabs,
  value,
  onChange,
}: {
  tabs: readonly { key: K; label: ReactNode }[];
  value: K;
  onChange: (key: K) => void;
}) {
  return (
    <div className={styles.tabs} role="tablist">
      {tabs.map((t) => (
        <button
          key={t.key}
          type="button"
          role="tab"
          aria-selected={t.key === value}
          className={styles.tab}
          onClick={() => onChange(t.key)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

/** A short explanation above a form. */
export function Note({ children }: { children: ReactNode }) {
  return <p className={styles.note}>{children}</p>;
}

/** A list reply that is not paged (one page holding everything), for `PagedTable`. */
export const onePage = <T,>(data: T[]) => ({ data, current_page: 1, last_page: 1 });

export const thumbClass = styles.thumb;
/** A row of buttons above a list. */
export const actionsClass = styles.bar;

/** The list at full width, beside the open record's form only while one is open. */
export function ListWithDetail({ list, detail }: { list: ReactNode; detail?: ReactNode }) {
  return detail ? <Split list={list} detail={detail} /> : <>{list}</>;
}
