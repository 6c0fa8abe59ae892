import { describe, expect, it } from 'vitest';
import { applyFontSize, fontSize, setFontSize, setVideoAutoplay, videoAutoplay } from './preferences';
import { local } from './storage';

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
