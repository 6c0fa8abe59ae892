import { describe, expect, it } from 'vitest';
import { withPageData } from './page-preload.ts';

describe('withPageData', () => {
  it('puts the data in a JSON script element that no stored text can close', () => {
    const html = withPageData('<html><head><title>x</title></head></html>', {
      ac: '6001',
      data: { AgentName: '</script><script>alert(1)</script>', note: 'a\u2028b' },
    });
    const json = /<script type="application\/json" id="kaoshi-agent">(.*)<\/script>\n {2}<\/head>/.exec(html)?.[1] ?? '';
    expect(json).not.toContain('<');
    expect(json).not.toContain('\u2028');
    expect(JSON.parse(json)).toEqual({ ac: '6001', data: { AgentName: '</script><script>alert(1)</script>', note: 'a\u2028b' } });
    expect(withPageData('<head></head>', undefined)).toBe('<head></head>');
  });
});
