import { SUBJECT_MSG, sprintClassType } from '@kaoshi/contract';
import { call } from '../api/client';
import { cachedSprintConfig, dropOtherSprintConfigs, storeSprintConfig, type SprintConfig } from './subject';

/**
 * The sprint config of a subject (spec §3/§4): ClassType and newClassType, cached per subject in the
 * local keys classType / newClassType. Requesting a subject removes every other subject's entry, so the
 * cache only ever holds one. A missing config (any failed reply) rejects with '获取配置失败'.
 */
export async function getSprintConfig(appID: number): Promise<SprintConfig> {
  dropOtherSprintConfigs(appID);
  const cached = cachedSprintConfig(appID);
  if (cached) return cached;
  let config: SprintConfig;
  try {
    const data = await call(sprintClassType, { appID }, { silent: true });
    config = { ClassType: data.ClassType, newClassType: data.newClassType };
  } catch {
    throw new Error(SUBJECT_MSG.sprintMissing);
  }
  storeSprintConfig(appID, config);
  return config;
}
