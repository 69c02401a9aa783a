import type { ReplyType } from '@contract/envelope';

export interface AppErrorOptions {
  /** Reply type of SPEC.md section 8; `error` unless the client must react specially (999 ...). */
  type?: Exclude<ReplyType, 'ok'>;
  /** The request field at fault; its localized label fills `{field}` in the message. */
  field?: string;
  /** Other placeholders of the message, such as `seconds`. */
  values?: Record<string, string | number>;
  /** HTTP status; business failures stay 200 as the original client expects. */
  status?: number;
}

/** An expected failure: the envelope carries `key` localized to the request's language. */
export class AppError extends Error {
  readonly key: string;
  readonly type: Exclude<ReplyType, 'ok'>;
  readonly field: string | undefined;
  readonly values: Record<string, string | number>;
  readonly status: number;

  constructor(key: string, options: AppErrorOptions = {}) {
    super(key);
    this.name = 'AppError';
    this.key = key;
    this.type = options.type ?? 'error';
    this.field = options.field;
    this.values = options.values ?? {};
    this.status = options.status ?? 200;
  }
}

export const sessionError = (key: 'please_login' | 'session_expired') => new AppError(key, { type: '999' });
