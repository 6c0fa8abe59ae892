import { getAgentInfo } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { createAgentStore } from './store.ts';

describe('getAgentInfo (tenancy)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the default agent 888 with theme #5bb8ff when nothing names a tenant', async () => {
    const body = await t.call(getAgentInfo, {});
    expect(body.status).toBe(200);
    expect(body.data).toMatchObject({ AgentCode: '888', ThemeColor: '#5bb8ff', Subdomain: 'ying', StoreName: '考试宝典' });
    expect(getAgentInfo.data.parse(body.data)).toEqual(body.data);
  });

  it('carries every field of spec §3 with the WeiXinContact JSON', async () => {
    const { data } = await t.call(getAgentInfo, {});
    for (const key of ['AgentCode', 'AgentName', 'QQ', 'TelePhone', 'WeiXinContact', 'Alipay', 'PhonePayUrl', 'WeiXinPayUrl', 'WeiXinPay', 'IsWeiXinPay', 'DownloadAddress']) {
      expect(data).toHaveProperty(key);
    }
    expect(JSON.parse(data.WeiXinContact)).toEqual({ WeiXinContact: 'kaoshibaodian888', WeiXinIndexContact: 1 });
  });

  it('resolves the agent from the Host subdomain: hushi.example.com → 6001', async () => {
    const body = await t.call(getAgentInfo, {}, { host: 'hushi.example.com' });
    expect(body.data).toMatchObject({ AgentCode: '6001', ThemeColor: '#16a085', AgentName: '护士资格考试宝典' });
  });

  it('falls back to 888 for an unknown subdomain, an IP or localhost', async () => {
    for (const host of ['www.example.com', '127.0.0.1:3000', 'localhost']) {
      expect((await t.call(getAgentInfo, {}, { host })).data.AgentCode).toBe('888');
    }
  });

  it('lets ac override the subdomain, and agentCode too', async () => {
    expect((await t.call(getAgentInfo, { ac: '7021004' }, { host: 'hushi.example.com' })).data.AgentCode).toBe('7021004');
    expect((await t.call(getAgentInfo, { agentCode: '6001' })).data.AgentCode).toBe('6001');
  });

  it('answers body status 404 "没有对应代理商信息" for an unknown code', async () => {
    expect(await t.call(getAgentInfo, { ac: '999999' })).toEqual({ status: 404, msg: '没有对应代理商信息', data: null });
  });

  it('does not remember a miss: an agent added after an unknown-code call is served at once', async () => {
    expect((await t.call(getAgentInfo, { ac: '424242' })).status).toBe(404);
    await createAgentStore(t.db).insertMissing([{ code: '424242', name: '新代理商', storeName: '考试宝典' }]);
    expect((await t.call(getAgentInfo, { ac: '424242' })).data).toMatchObject({ AgentCode: '424242', AgentName: '新代理商' });
  });

  it('rejects a malformed code with 400 naming the field', async () => {
    expect(await t.call(getAgentInfo, { ac: 'abc' })).toMatchObject({ status: 400, msg: '代理商编号格式不正确' });
  });

  it('keeps the §6 behaviours as flags on the agent', async () => {
    const flags = async (ac: string) => (await t.call(getAgentInfo, { ac })).data.Flags;
    expect(await flags('7021004')).toMatchObject({ contactOnly: true, ackOnly: false });
    expect(await flags('05319003')).toMatchObject({ contactOnly: true, ackOnly: false });
    expect(await flags('7021006')).toMatchObject({ contactOnly: false, ackOnly: true });
    expect(await flags('888')).toEqual({ contactOnly: false, ackOnly: false, buyDisabled: false, customStyle: false, customPayment: false });
  });
});
