import { describe, expect, it } from 'vitest';
import { clientKind, isWeChat, terminalType, trackingClientType } from './client-kind';

const UA = {
  iPhoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iPhoneShell: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ksbaoApp/3.2.0',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  androidShell: 'Mozilla/5.0 (Linux; Android 14; V2203A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36 ksbaoApp/3.2.0',
  wechat: 'Mozilla/5.0 (Linux; Android 13; M2012K11AC) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
};

describe('client kind (spec §9)', () => {
  it('recognises the shells, phone browsers and desktops', () => {
    expect(clientKind(UA.iPhoneSafari, null)).toBe('web_h5');
    expect(clientKind(UA.iPhoneShell, null)).toBe('web_iPhone');
    expect(clientKind(UA.androidChrome, null)).toBe('web_h5');
    expect(clientKind(UA.androidShell, null)).toBe('web_android');
    expect(clientKind(UA.wechat, null)).toBe('web_h5');
    expect(clientKind(UA.windows, null)).toBe('web_pc');
    expect(clientKind(UA.mac, null)).toBe('web_pc');
  });

  it('takes the APPFLAG cookie iosKe as the iOS shell', () => {
    expect(clientKind(UA.iPhoneSafari, 'iosKe')).toBe('web_iPhone');
    expect(clientKind(UA.windows, 'iosKe')).toBe('web_iPhone');
    expect(clientKind(UA.iPhoneSafari, 'other')).toBe('web_h5');
  });

  it('reads the APPFLAG cookie by default', () => {
    document.cookie = 'APPFLAG=iosKe; path=/';
    expect(clientKind(UA.iPhoneSafari)).toBe('web_iPhone');
  });

  it('has terminal type 3, or 8 inside WeChat', () => {
    expect(isWeChat(UA.wechat)).toBe(true);
    expect(isWeChat(UA.androidChrome)).toBe(false);
    expect(terminalType(UA.wechat)).toBe(8);
    expect(terminalType(UA.iPhoneSafari)).toBe(3);
  });

  it('maps kinds to the tracking client types: 4 iPhone shell, 3 Android shell, 6 H5', () => {
    expect(trackingClientType('web_iPhone')).toBe(4);
    expect(trackingClientType('web_android')).toBe(3);
    expect(trackingClientType('web_h5')).toBe(6);
    expect(trackingClientType('web_pc')).toBe(6);
  });
});
