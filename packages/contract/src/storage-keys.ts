/** Local storage keys and cookies of spec §3. The web app's storage module is the only user of these names. */
export const LOCAL_KEYS = [
  'guid',
  'userID',
  'username',
  'ac',
  'classType',
  'newClassType',
  'targetPath',
  'tryReload',
  'vipinfo',
  'moduleInfoX',
  'curVipData',
  'vipAppData',
  'curvipAppData',
  'temporaryAppinfo',
] as const;
export type LocalKey = (typeof LOCAL_KEYS)[number];

export const COOKIE_KEYS = ['AGENTCODE', 'SELECTEDAPPNEW', 'APPFLAG', 'LOGIN_TYPE', 'freeTry', 'wechatType', 'YILIUQUDAOID'] as const;
export type CookieKey = (typeof COOKIE_KEYS)[number];
