import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applyFontSize, FONT_SIZES, fontSize, setFontSize, setVideoAutoplay, videoAutoplay } from './preferences';
import { local } from './storage';

const globalCss = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../styles/global.css'), 'utf8');

describe('device preferences of /currency', () => {
  it('text size: standard by default, stored per device, set on <html> for the zoom of global.css', () => {
    expect(fontSize()).toBe('standard');
    setFontSize('xlarge');
    expect(localStorage.getItem('fontSize')).toBe('xlarge');
    expect(document.documentElement.getAttribute('data-font-size')).toBe('xlarge');
    setFontSize('standard');
    expect(localStorage.getItem('fontSize')).toBeNull();
    expect(document.documentElement.hasAttribute('data-font-size')).toBe(false);
  });

  it('global.css zooms each size by its FONT_SIZES zoom, and 特大 takes the 14 px body text to 18 px or more (MIIT 适老化)', () => {
    for (const f of FONT_SIZES.filter((x) => x.value !== 'standard')) {
      expect(globalCss).toMatch(new RegExp(`data-font-size='${f.value}'\\]\\s*\\{\\s*--ks-zoom: ${f.zoom};`));
    }
    expect(globalCss).toMatch(/html,\s*body \{[^}]*font-size: 14px;/);
    expect(14 * FONT_SIZES[FONT_SIZES.length - 1]!.zoom).toBeGreaterThanOrEqual(18);
  });

  it('an unknown stored size counts as standard; applyFontSize at start reads the stored one', () => {
    localStorage.setItem('fontSize', 'huge');
    expect(fontSize()).toBe('standard');
    localStorage.setItem('fontSize', 'large');
    applyFontSize();
    expect(document.documentElement.getAttribute('data-font-size')).toBe('large');
    applyFontSize('standard');
  });

  it('video autoplay is on unless turned off', () => {
    expect(videoAutoplay()).toBe(true);
    setVideoAutoplay(false);
    expect(videoAutoplay()).toBe(false);
    setVideoAutoplay(true);
    expect(localStorage.getItem('videoAutoplay')).toBeNull();
  });

  it('survives the 401 clear, like night mode (a device setting, not session data)', () => {
    setFontSize('large');
    setVideoAutoplay(false);
    localStorage.setItem('guid', 'x');
    local.clearAllKeepingWechatType();
    expect(localStorage.getItem('guid')).toBeNull();
    expect(fontSize()).toBe('large');
    expect(videoAutoplay()).toBe(false);
    setFontSize('standard');
  });
});
