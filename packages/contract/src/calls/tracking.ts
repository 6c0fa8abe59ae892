import { z } from 'zod';
import { defineCall } from '../call.ts';
import { optInt, optText } from '../fields.ts';

/**
 * Tracking calls of spec §7. They accept guests (no session) and never block the learner:
 * the client fires them and forgets. Every field is validated (type and length) before storage.
 */
const s = (label: string, max = 100) => optText(label, max);
const ok = z.object({ recorded: z.literal(true) });

export const userclick = defineCall({
  id: 'tracking.userclick',
  method: 'POST',
  path: '/ksbao/userclick',
  group: 'tracking',
  needsSession: false,
  allowedRepeat: true,
  summary: 'A button click.',
  request: z.object({
    userID: optInt('用户编号'),
    appID: optInt('科目编号'),
    agentID: s('代理商编号', 12),
    vn: s('版本', 32),
    userType: s('用户类型', 16),
    clientType: s('客户端类型', 8),
    btnNum: s('按钮编号', 32),
    btnName: s('按钮名称'),
    pageNum: s('页面编号', 32),
    pageName: s('页面名称'),
    classType: s('班型', 32),
  }),
  data: ok,
});

export const position = defineCall({
  id: 'tracking.position',
  method: 'POST',
  path: '/api/yt_ksbao/new/statistics/position',
  group: 'tracking',
  needsSession: false,
  allowedRepeat: true,
  summary: 'A page position/view. clientType 4 iPhone shell, 3 Android shell, 6 H5.',
  request: z.object({
    userName: s('用户名', 64),
    appEName: s('科目英文名', 64),
    appName: s('科目名称'),
    wpageName: s('页面名称'),
    codeName: s('功能名称'),
    userType: s('用户类型', 16),
    agentCode: s('代理商编号', 12),
    appVN: s('版本', 32),
    clientType: optInt('客户端类型', 0, 99),
    location: s('位置', 200),
  }),
  data: ok,
});

export const stayTime = defineCall({
  id: 'tracking.stayTime',
  method: 'POST',
  path: '/api/yt_ksbao/stay/time/new',
  group: 'tracking',
  needsSession: false,
  allowedRepeat: true,
  summary: 'Dwell time on a page (clientType 5, appVer 0).',
  request: z.object({
    userName: s('用户名', 64),
    userID: optInt('用户编号'),
    agentCode: s('代理商编号', 12),
    codeName: s('功能名称'),
    userType: s('用户类型', 16),
    wpageName: s('页面名称'),
    clientType: optInt('客户端类型', 0, 99),
    appVer: s('版本', 16),
    stayTime: optInt('停留时长', 0, 86_400_000),
  }),
  data: ok,
});

export const statLogin = defineCall({
  id: 'tracking.login',
  method: 'POST',
  path: '/api/yt_ksbao/new/statistics/login',
  group: 'tracking',
  needsSession: false,
  allowedRepeat: true,
  summary: 'A login happened (codeName is the fixed word "agent", clientType 3).',
  request: z.object({
    userName: s('用户名', 64),
    userID: optInt('用户编号'),
    codeName: s('功能名称', 32),
    agentCode: s('代理商编号', 12),
    clientType: optInt('客户端类型', 0, 99),
  }),
  data: ok,
});

export const newauthSave = defineCall({
  id: 'tracking.newauthSave',
  method: 'POST',
  path: '/api/yt_ksbao/new/statistics/newauthSave',
  group: 'tracking',
  needsSession: false,
  allowedRepeat: true,
  summary: 'A subject/version authorisation was seen.',
  request: z.object({
    userName: s('用户名', 64),
    appEName: s('科目英文名', 64),
    appName: s('科目名称'),
    appVN: s('版本', 32),
    codeName: s('功能名称'),
    agentCode: s('代理商编号', 12),
    clientType: optInt('客户端类型', 0, 99),
  }),
  data: ok,
});

export const frontendError = defineCall({
  id: 'bug.frontend',
  method: 'POST',
  path: '/api/v2/ksbao/frontend',
  group: 'bug',
  needsSession: false,
  allowedRepeat: true,
  summary: 'Front-end error report (client_type 7 Android shell, else 3; bug_type 1 for warnings).',
  request: z.object({
    appid: s('科目编号', 32),
    userid: s('用户编号', 32),
    client_type: optInt('客户端类型', 0, 99),
    bug_type: optInt('错误类型', 0, 99),
    page: s('页面', 200),
    page_type: s('页面类型', 64),
    action: s('动作', 200),
    path: s('路径', 500),
    detail: s('详情', 4000),
  }),
  data: ok,
});

/** A lesson started, changed or ended (actType: play, switch, end; type: the screen). */
export const videoSwitch = defineCall({
  id: 'tracking.videoSwitch',
  method: 'POST',
  path: '/api/yt_ksbao/video/switch/userclick',
  group: 'tracking',
  needsSession: false,
  allowedRepeat: true,
  summary: 'A lesson started, changed or ended (clientType 6).',
  request: z.object({
    appID: optInt('科目编号'),
    clientType: optInt('客户端类型', 0, 99),
    userID: optInt('用户编号'),
    actType: s('动作', 16),
    type: s('类型', 32),
    videoID: optInt('视频编号'),
    progress: optInt('播放位置', 0, 86_400),
  }),
  data: ok,
});

/** Beside each progress save: where the learner is in a lesson. */
export const videoProgressClick = defineCall({
  id: 'tracking.videoProgress',
  method: 'POST',
  path: '/api/yt_ksbao/video_progress/userclick',
  group: 'tracking',
  needsSession: false,
  allowedRepeat: true,
  summary: 'Video progress beside each save (clientType 6).',
  request: z.object({
    appID: optInt('科目编号'),
    clientType: optInt('客户端类型', 0, 99),
    userID: optInt('用户编号'),
    videoID: optInt('视频编号'),
    progress: optInt('播放位置', 0, 86_400),
    duration: optInt('视频时长', 0, 86_400),
    percent: optInt('完成度', 0, 100),
  }),
  data: ok,
});

/** An article (a handout, theory article or pocket page) opened: lastMenuID is its chapter. */
export const articleClick = defineCall({
  id: 'tracking.articleClick',
  method: 'POST',
  path: '/api/yt_ksbao/article/userclick',
  group: 'tracking',
  needsSession: false,
  allowedRepeat: true,
  summary: 'A reading article opened (lastMenuID: its chapter).',
  request: z.object({
    userName: s('用户名', 64),
    appEName: s('科目英文名', 64),
    appName: s('科目名称', 100),
    articleName: s('文章名称', 200),
    lastMenuID: optInt('章节编号'),
  }),
  data: ok,
});

export const liveClick = defineCall({
  id: 'tracking.liveClick',
  method: 'POST',
  path: '/ksbao/liveclick',
  group: 'tracking',
  needsSession: false,
  allowedRepeat: true,
  summary: 'A live session tapped (FuncPoint: where: list, calendar, detail, room, replay...).',
  request: z.object({
    UserID: optInt('用户编号'),
    AppID: optInt('科目编号'),
    AppEName: s('科目英文名', 64),
    AppName: s('科目名称', 100),
    FuncPoint: s('功能点', 32),
    LiveID: optInt('直播编号'),
    LiveName: s('直播名称', 200),
    StartTime: s('开始时间', 32),
    ChapterName: s('章节名称', 200),
    ClientType: s('客户端类型', 8),
  }),
  data: ok,
});

/** A banner or a notice window shown or tapped (noticeType: banner | notice; btnType: show | open | close). */
export const advertiseClick = defineCall({
  id: 'tracking.advertiseClick',
  method: 'POST',
  path: '/ksbao/advertiseclick',
  group: 'tracking',
  needsSession: false,
  allowedRepeat: true,
  summary: 'A banner or notice window tapped (activeID: the management id; childActiveID: the image id of a banner).',
  request: z.object({
    activeID: optInt('活动编号'),
    childActiveID: optInt('子活动编号'),
    sign: s('活动标识', 64),
    userID: optInt('用户编号'),
    agentCode: s('代理商编号', 12),
    appID: optInt('科目编号'),
    appEName: s('科目英文名', 64),
    appName: s('科目名称'),
    vn: s('版本', 32),
    vname: s('版本名称', 64),
    userType: s('用户类型', 16),
    noticeType: s('广告类型', 16),
    remark: s('备注', 200),
    position: s('位置', 64),
    clientType: s('客户端类型', 8),
    btnType: s('按钮类型', 16),
    btnName: s('按钮名称'),
    startTime: s('开始时间', 32),
    imgUrl: s('图片地址', 500),
    createTime: s('创建时间', 32),
  }),
  data: ok,
});

export const trackingCalls = { userclick, position, stayTime, statLogin, newauthSave, frontendError, videoSwitch, videoProgressClick, articleClick, liveClick, advertiseClick };
