import type { SmsOp } from '@kaoshi/contract';

export interface SmsMessage {
  phone: string;
  op: SmsOp;
  code: string;
  /** The learner's agent: its own sign name and template are used where it has them (docs/sms.md, "Per agent"). */
  agentCode?: string;
}

export interface SmsNotice {
  phone: string;
  template: 'live-remind' | 'plan-remind';
  params: Record<string, string>;
  /** The learner's agent, as for SmsMessage. */
  agentCode?: string;
}

/** Sends verification codes. SMS_PROVIDER chooses one (platform/sms/index.ts); a test may pass its own to buildApp. */
export interface SmsProvider {
  readonly name: string;
  /**
   * Send a code. A refusal throws an AppError with the learner's Chinese text (platform/sms/errors.ts); the
   * caller then gives back the learner's limits and drops the code (modules/sms-code).
   */
  send(message: SmsMessage): Promise<void>;
  /**
   * A notice by a template the provider has registered (real providers send template messages): 'live-remind'
   * {title, time}; 'plan-remind' {time, tasks} (the study plan's daily reminder). Optional: a provider without notices sends codes only.
   */
  notify?(message: SmsNotice): Promise<void>;
  /** Test-only: the last code sent to a phone (only the development provider under NODE_ENV=test keeps it). */
  lastCode?(phone: string): string | undefined;
}
