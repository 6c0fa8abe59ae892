import type { SmsOp } from '@kaoshi/contract';

export interface SmsMessage {
  phone: string;
  op: SmsOp;
  code: string;
}

export interface SmsNotice {
  phone: string;
  template: 'live-remind' | 'plan-remind';
  params: Record<string, string>;
}

/** Sends verification codes. Real providers (Aliyun, Tencent Cloud ...) implement this and are passed to buildApp. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
  /**
   * A notice by a template the provider has registered (real providers send template messages): 'live-remind'
   * {title, time}; 'plan-remind' {time, tasks} (the study plan's daily reminder). Optional: a provider without notices sends codes only.
   */
  notify?(message: SmsNotice): Promise<void>;
  /** Test-only: the last code sent to a phone (only the development provider under NODE_ENV=test keeps it). */
  lastCode?(phone: string): string | undefined;
}
