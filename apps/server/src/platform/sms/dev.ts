import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '../crypto.ts';
import type { SmsProvider } from './provider.ts';

/**
 * Development provider: writes the code to the server log instead of sending it. Refused in production.
 * Under NODE_ENV=test it also keeps the last code per phone for the GET /__test__/sms hook (a notice under
 * `<template>:<phone>`, and the agent a message was for under `agent:<phone>` / `agent:<template>:<phone>`).
 */
export function createDevSmsProvider(nodeEnv: string, log: FastifyBaseLogger): SmsProvider {
  if (nodeEnv === 'production') {
    throw new Error(
      'The development SMS provider cannot run with NODE_ENV=production: it would print verification codes to the log instead of sending them. Set SMS_PROVIDER=aliyun or SMS_PROVIDER=tencent (docs/sms.md), or SMS_PROVIDER=disabled.',
    );
  }
  const last = nodeEnv === 'test' ? new Map<string, string>() : undefined;
  return {
    name: 'dev',
    async send({ phone, op, code, agentCode }) {
      last?.set(phone, code);
      if (agentCode) last?.set(`agent:${phone}`, agentCode);
      log.info(`dev SMS code for ${maskPhone(phone)} (op=${op}): ${code}`);
    },
    async notify({ phone, template, params, agentCode }) {
      last?.set(`${template}:${phone}`, JSON.stringify(params));
      if (agentCode) last?.set(`agent:${template}:${phone}`, agentCode);
      log.info(`dev SMS notice ${template} for ${maskPhone(phone)}: ${JSON.stringify(params)}`);
    },
    ...(last && { lastCode: (phone: string) => last.get(phone) }),
  };
}
