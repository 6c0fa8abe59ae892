import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { createAliyunSmsProvider } from './aliyun.ts';
import { createDevSmsProvider } from './dev.ts';
import { createDisabledSmsProvider } from './disabled.ts';
import type { SmsProvider } from './provider.ts';
import { createTencentSmsProvider } from './tencent.ts';
import type { AgentSmsLookup } from './templates.ts';

/** The provider SMS_PROVIDER names (docs/sms.md); loadConfig has already checked its settings. */
export function createSmsProvider(config: Config, log: FastifyBaseLogger, agentSms: AgentSmsLookup): SmsProvider {
  switch (config.SMS_PROVIDER) {
    case 'aliyun':
      return createAliyunSmsProvider(config, log, agentSms);
    case 'tencent':
      return createTencentSmsProvider(config, log, agentSms);
    case 'disabled':
      return createDisabledSmsProvider();
    default:
      return createDevSmsProvider(config.NODE_ENV, log);
  }
}
