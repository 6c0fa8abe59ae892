import { describe, expect, it, vi } from 'vitest';
import { allCalls, examCalls, messageUnreadCount, moduleInfoX, readingCatalog, shopCalls, statLogin } from '@kaoshi/contract';
import { checkReply, fakeApi, takeFakeApiProblems } from './fake-api';
import { catalog, chapter } from './fixtures/reading';
import { shellHandlers } from './shell-handlers';

/** The fake API's own rules (docs/web-shell.md "The fake API, typed by the contract"). */
describe('the fake API', () => {
  it("answers a call with its handler's reply when it matches the contract", async () => {
    const call = vi.fn();
    fakeApi(call, { 'reading.catalog': (p) => catalog([chapter(11, null, `第${String(p.kind)}章`)]) });
    await expect(call(readingCatalog, { appID: 1001, kind: 'handout' })).resolves.toMatchObject({ AppID: 1001, list: [{ cptID: 11, name: '第handout章' }] });
    expect(takeFakeApiProblems()).toEqual([]);
  });

  it('fails a call the test gave no handler for, naming it', async () => {
    const call = vi.fn();
    fakeApi(call, {});
    const message = "fake API: no handler for the call 'reading.catalog' (/api/reading/catalog); give one to fakeApi in this test";
    await expect(call(readingCatalog, { appID: 1001, kind: 'handout' })).rejects.toThrow(message);
    // Recorded too, so test/setup.ts fails the test even when the screen swallows the error.
    expect(takeFakeApiProblems()).toEqual([message]);
  });

  it('fails a reply that does not match the call’s reply schema, naming the call and the field', async () => {
    const call = vi.fn();
    // A wrong fixture, as an untyped test could write it (the cast stands for what the types now refuse).
    fakeApi(call, { 'reading.catalog': () => ({ AppID: '1001', list: [] }) as never });
    await expect(call(readingCatalog, { appID: 1001, kind: 'handout' })).rejects.toThrow(/the answer to 'reading\.catalog' .* does not match the contract's reply schema: AppID: /);
    expect(takeFakeApiProblems()).toHaveLength(1);
  });

  it('answers null without a handler only for fire-and-forget reports; the shell’s calls need handlers too', async () => {
    const call = vi.fn();
    fakeApi(call, {});
    await expect(call(statLogin, {})).resolves.toBeNull();
    await expect(call(shopCalls.pricelist, { appID: 1001 })).rejects.toThrow("no handler for the call 'shop.pricelist'");
    await expect(call(moduleInfoX, { appID: 1001, vn: '3' })).rejects.toThrow("no handler for the call 'subject.moduleInfoX'");
    await expect(call(examCalls.simulationList, { appID: 1001 })).rejects.toThrow("no handler for the call 'exam.list'");
    expect(takeFakeApiProblems()).toHaveLength(3);
  });

  it('shellHandlers answers every shell call with data the contract accepts, and a test’s own handler overrides it', async () => {
    const call = vi.fn();
    fakeApi(call, { ...shellHandlers(), 'message.unread': () => ({ total: 3, byTab: { system: 3 } }) });
    await expect(call(moduleInfoX, { appID: 1002, vn: '2' })).resolves.toMatchObject({
      AppID: 1002,
      vn: '2',
      vname: 'VIP班',
      modules: expect.arrayContaining([expect.objectContaining({ id: 'chapter', allowed: true })]) as unknown,
    });
    await expect(call(shopCalls.pricelist, { appID: 1001 })).resolves.toMatchObject({ appID: 1001, items: [] });
    await expect(call(messageUnreadCount, {})).resolves.toEqual({ total: 3, byTab: { system: 3 } });
    for (const [id, handler] of Object.entries(shellHandlers())) {
      const def = allCalls.find((d) => d.id === id)!;
      const params = { appID: 1001, vn: '3', moduleID: 'chapter', allTestID: 1, targetType: 'question', targetID: 1 };
      expect(checkReply(def, await (handler as (p: unknown, o: undefined) => unknown)(params, undefined))).toBeNull();
    }
    expect(takeFakeApiProblems()).toEqual([]);
  });

  it('checks a reply as the server does: the data of the call, or null', () => {
    expect(checkReply(readingCatalog, null)).toBeNull();
    expect(checkReply(readingCatalog, catalog([]))).toBeNull();
    expect(checkReply(readingCatalog, { ...catalog([]), kind: 'novel' })).toMatch(/^fake API: the answer to 'reading\.catalog'.*kind: /);
  });
});
