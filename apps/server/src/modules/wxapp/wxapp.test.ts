import { AGENT_CODES_MAX_AGE_S, AGENT_CODES_PATH, agentCodeList, WXAPP_MSG, wxappQrcode } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freshIp, type TestApp } from '../../test/helpers.ts';
import { CODE_SIZE, CODES_PER_MINUTE } from './service.ts';

/** The mini-program code POST and the agent code list file (docs/tracking.md). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { PUBLIC_BASE_URL: 'https://h5.example.cn' } as never });
});
afterAll(() => t.close());

/** The PNG of a data URL: its signature and, from the IHDR chunk, its size. */
const pngOf = (dataUrl: string) => {
  const bytes = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  return { png: bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

describe('POST /api/wxapp/qrcode', () => {
  it('makes a QR code of the H5 link of the page, with the agent code; guests too', async () => {
    const body = await t.call(wxappQrcode, { page: '/courseList?from=share' }, { ip: freshIp() });
    expect(body).toMatchObject({ status: 200, data: { kind: 'h5', agentCode: '888', url: 'https://h5.example.cn/courseList?from=share&ac=888' } });
    expect(body.data.image).toMatch(/^data:image\/png;base64,/);
    expect(pngOf(body.data.image)).toEqual({ png: true, width: CODE_SIZE, height: CODE_SIZE });
  });

  it('uses the agent named by the request', async () => {
    const [agent] = (await (await t.app.inject({ url: AGENT_CODES_PATH })).json()).agents.filter((a: { AgentCode: string }) => a.AgentCode !== '888');
    const body = await t.call(wxappQrcode, { page: '/downLoad', agentCode: agent.AgentCode }, { ip: freshIp() });
    expect(body.data.url).toBe(`https://h5.example.cn/downLoad?ac=${agent.AgentCode}`);
    expect(await t.call(wxappQrcode, { page: '/', agentCode: '99999' }, { ip: freshIp() })).toMatchObject({ status: 404 });
  });

  it('accepts only an in-app path (400 naming the field)', async () => {
    expect(await t.callRaw(wxappQrcode, {}, { ip: freshIp() })).toMatchObject({ status: 400, msg: WXAPP_MSG.page });
    for (const page of ['', 'https://evil.example/x', '//evil.example', '/\\evil', '/a b', `/${'x'.repeat(600)}`]) {
      expect(await t.call(wxappQrcode, { page }, { ip: freshIp() }), page).toMatchObject({ status: 400, msg: WXAPP_MSG.page });
    }
  });

  it(`answers ${CODES_PER_MINUTE} codes a minute per IP, then 429`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CODES_PER_MINUTE; i++) expect((await t.call(wxappQrcode, { page: '/' }, { ip })).status).toBe(200);
    expect(await t.call(wxappQrcode, { page: '/' }, { ip })).toMatchObject({ status: 429, msg: '操作过于频繁，请稍后再试' });
    expect((await t.call(wxappQrcode, { page: '/' }, { ip: freshIp() })).status).toBe(200);
  });
});

describe('GET /agentCodes.json', () => {
  it('lists every agent with public facts only, cached by clients', async () => {
    const res = await t.app.inject({ url: AGENT_CODES_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(`public, max-age=${AGENT_CODES_MAX_AGE_S}`);
    const list = agentCodeList.parse(res.json());
    expect(list.defaultCode).toBe('888');
    expect(list.agents.map((a) => a.AgentCode)).toContain('888');
    expect(list.agents.length).toBeGreaterThan(1);
    for (const a of res.json().agents) expect(Object.keys(a).sort()).toEqual(['AgentCode', 'AgentName', 'Flags', 'StoreName', 'Subdomain', 'ThemeColor']);
    expect(res.headers.etag).toBe(`"${list.version}"`);
    const again = await t.app.inject({ url: AGENT_CODES_PATH, headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
