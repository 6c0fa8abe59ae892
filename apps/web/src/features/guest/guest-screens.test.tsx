import type { CampaignPage, SampleQuestion } from '@kaoshi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { agentStore, DEFAULT_AGENT } from '../../lib/agent';
import { saveLogin } from '../../lib/session';
import { cookies } from '../../lib/storage';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing } from '../../test/screens';
import { keepTrialAnswer, trialAnswers } from './api';
import { AuditionScreen } from './audition-screen';
import { BannerDetailScreen } from './banner-detail-screen';
import { CampaignScreen, pageKeyOf } from './campaign-screen';
import { CourseListScreen } from './course-list-screen';
import { h5Link, parseDownloadAddress, targetFor } from './download-address';
import { DownloadScreen } from './download-screen';
import { ExperienceScreen } from './experience-screen';
import { OpenAccountScreen } from './open-account-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');
vi.mock('qrcode', () => ({ toDataURL: vi.fn(async (text: string) => `data:image/png;base64,${btoa(encodeURIComponent(text))}`) }));

const callMock = call as unknown as Mock;
/** submitReply's answer once a guest's kept answer is sent (the fields the contract's reply has). */
const stored = { replyID: 'r'.repeat(16), right: true, score: 1, answer: 'B', stored: true as const, inBook: false };
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  agentStore.set({ ...DEFAULT_AGENT, AgentCode: '888', StoreName: '考试宝典', DownloadAddress: '' });
});

const samples: SampleQuestion[] = [
  {
    allTestID: 11,
    cptID: 5,
    childTableName: 'A1',
    stem: '正常成人的呼吸频率是',
    options: [
      { key: 'A', text: '10次/分' },
      { key: 'B', text: '16～20次/分' },
    ],
    answer: 'B',
    explanation: '成人安静时 16～20 次/分。',
  },
  {
    allTestID: 12,
    cptID: 5,
    childTableName: 'X',
    stem: '属于生命体征的是',
    options: [
      { key: 'A', text: '体温' },
      { key: 'B', text: '脉搏' },
      { key: 'C', text: '身高' },
    ],
    answer: 'AB',
    explanation: '',
  },
];
const samplesReply = { appID: 1001, appName: '护士执业资格', chapterName: '基础护理', list: samples };

describe('/courseList', () => {
  it('lists the classes as tabs and, for a subject, its versions with prices; a guest is asked to log in to buy', async () => {
    fakeApi(callMock, {
      'catalog.getKsbClass': () => ({
        classes: [
          { ID: 1, Name: '医药卫生', Order: 1, ParentID: null },
          { ID: 2, Name: '药学类', Order: 2, ParentID: 1 },
          { ID: 3, Name: '护理学类', Order: 1, ParentID: 1 },
        ],
        subjects: [
          { AppID: 1001, AppEName: 'HS', AppName: '护士执业资格', CName: '护理学类', ClassID: 3, Level: 'zhiye' },
          { AppID: 2001, AppEName: 'YS', AppName: '执业药师', CName: '药学类', ClassID: 2, Level: 'zhiye' },
        ],
      }),
      'campaign.courseVersions': () => ({
        appID: 1001,
        appName: '护士执业资格',
        list: [{ vn: '2', vname: 'VIP班', vnorder: 2, modules: ['章节练习', '视频课程'], validityDays: 365, priceFen: 39800, originalFen: 59800 }],
      }),
    });
    const view = renderScreen(<CourseListScreen />, { path: '/courseList' });
    expect(await screen.findByRole('button', { name: '护理学类', pressed: true })).toBeTruthy();
    expect(screen.queryByText('执业药师')).toBeNull();
    await user().click(screen.getByRole('button', { name: /护士执业资格/ }));
    const versions = await screen.findByRole('list', { name: '护士执业资格的班次' });
    expect(within(versions).getByText('VIP班')).toBeTruthy();
    expect(within(versions).getByText('¥398.00')).toBeTruthy();
    expect(within(versions).getByText('¥598.00')).toBeTruthy();
    expect(within(versions).getByText(/章节练习、视频课程 · 有效期 365 天/)).toBeTruthy();
    expect(callsTo(callMock, 'campaign.courseVersions')).toEqual([{ appID: 1001 }]);
    await user().click(screen.getByRole('button', { name: '药学类' }));
    expect(screen.getByText('执业药师')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '护理学类' }));
    await user().click(screen.getByRole('button', { name: /护士执业资格/ }));
    await user().click(await screen.findByRole('button', { name: '登录后开通' }));
    expect(view.where()).toBe('/login');
  });
});

describe('/downLoad', () => {
  it('reads DownloadAddress as one page or one address per platform, web addresses only', () => {
    expect(parseDownloadAddress('https://ying.example/downLoad')).toEqual([{ id: 'all', name: '下载页', url: 'https://ying.example/downLoad' }]);
    expect(parseDownloadAddress('{"android":"https://a.example/app.apk","ios":"javascript:alert(1)"}')).toEqual([
      { id: 'android', name: '安卓版', url: 'https://a.example/app.apk' },
    ]);
    expect(parseDownloadAddress('')).toEqual([]);
    expect(parseDownloadAddress('{bad')).toEqual([]);
    const both = parseDownloadAddress('{"android":"https://a.example/a.apk","ios":"https://i.example/app"}');
    expect(targetFor('web_h5', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', both)).toBe('ios');
    expect(targetFor('web_pc', 'Mozilla/5.0 (X11; Linux x86_64)', both)).toBeNull();
    expect(h5Link('https://ying.example', '888')).toBe('https://ying.example/?ac=888');
  });

  it('shows a QR code and a download button per platform, and the H5 link to copy', async () => {
    agentStore.set({ ...DEFAULT_AGENT, AgentCode: '888', StoreName: '考试宝典', DownloadAddress: '{"android":"https://a.example/a.apk","ios":"https://i.example/app"}' });
    renderScreen(<DownloadScreen />, { path: '/downLoad' });
    expect(screen.getByRole('heading', { name: '考试宝典' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: '安卓版下载二维码' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '下载安卓版' }).getAttribute('href')).toBe('https://a.example/a.apk');
    expect(screen.getByRole('link', { name: '下载苹果版' }).getAttribute('rel')).toContain('noopener');
    expect(screen.getByText(`${window.location.origin}/?ac=888`)).toBeTruthy();
    expect(screen.getByRole('button', { name: '复制网页版链接' })).toBeTruthy();
  });

  it('says when the agent has no app to download', () => {
    renderScreen(<DownloadScreen />, { path: '/downLoad' });
    expect(screen.getByText(/暂未提供 APP 下载地址/)).toBeTruthy();
  });
});

describe('/bannerDetail', () => {
  it("renders the article as markdown (never as HTML) with the article's call to action", async () => {
    saveLogin(demoLogin);
    fakeApi(callMock, {
      'campaign.bannerArticle': () => ({
        ManagementID: 102,
        Title: '护士执业资格 VIP班',
        SubTitle: '全年可学',
        Color: '#ff8a4c',
        Link: '/buyapp',
        ActionText: '了解 VIP班',
        ended: false,
        body: '## VIP班包含什么\n\n- 全部章节练习\n\n<img src=x onerror=alert(1)>',
        date: '2026-10-15',
      }),
    });
    const view = renderScreen(<BannerDetailScreen />, { path: '/bannerDetail', url: '/bannerDetail?id=102' });
    expect(await screen.findByRole('heading', { name: 'VIP班包含什么' })).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText(/<img src=x/)).toBeTruthy();
    expect(callsTo(callMock, 'campaign.bannerArticle')).toEqual([{ id: 102 }]);
    await user().click(screen.getByRole('button', { name: '了解 VIP班' }));
    expect(view.where()).toBe('/buyapp');
  });

  it('says an activity has ended and offers no action; a bad id or a refusal shows the message', async () => {
    saveLogin(demoLogin);
    fakeApi(callMock, {
      'campaign.bannerArticle': ({ id }) =>
        id === 106
          ? { ManagementID: 106, Title: '春季打卡', SubTitle: '', Color: '', Link: '/memberCenter', ActionText: '去看看', ended: true, body: '已结束', date: '2025-06-01' }
          : fail(404, '文章不存在'),
    });
    renderScreen(<BannerDetailScreen />, { path: '/bannerDetail', url: '/bannerDetail?id=106' });
    expect(await screen.findByText('活动已结束')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '去看看' })).toBeNull();
  });

  it('shows 文章不存在 for an unknown article', async () => {
    saveLogin(demoLogin);
    fakeApi(callMock, { 'campaign.bannerArticle': () => fail(404, '文章不存在') });
    renderScreen(<BannerDetailScreen />, { path: '/bannerDetail', url: '/bannerDetail?id=9' });
    expect(await screen.findByText('文章不存在')).toBeTruthy();
  });
});

describe('partner and campaign pages', () => {
  const page: CampaignPage = {
    key: 'flightDetails',
    kind: 'campaign',
    partner: '护考冲刺航班',
    title: '护考冲刺航班',
    subtitle: '考前 30 天',
    color: '#0f7cc0',
    sections: [
      {
        title: '航班行程',
        style: 'steps',
        body: [],
        items: [
          { title: '起飞', text: '高频考点', label: 'D1', link: '/knowledgePoint' },
          { title: '降落', text: '只看错题', label: 'D28', link: '' },
        ],
      },
    ],
    actions: [{ label: '开始冲刺', link: '/sprintList' }],
    note: '不收取额外费用',
  };

  it('maps each path to its page and renders plain text rows, linked rows and actions', async () => {
    expect(pageKeyOf('/flightdetails')).toBe('flightDetails');
    expect(pageKeyOf('/jkzxData/')).toBe('jkzxData');
    saveLogin(demoLogin);
    fakeApi(callMock, { 'campaign.page': () => page });
    const view = renderScreen(<CampaignScreen />, { path: '/flightDetails' });
    expect(await screen.findByRole('heading', { name: '护考冲刺航班', level: 2 })).toBeTruthy();
    expect(callsTo(callMock, 'campaign.page')).toEqual([{ page: 'flightDetails' }]);
    expect(screen.queryByRole('button', { name: /降落/ })).toBeNull();
    expect(screen.getByText('不收取额外费用')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: /起飞/ }));
    expect(view.where()).toBe('/knowledgePoint');
  });
});

describe('/Experience and /openAccount', () => {
  it('lets a tourist answer the samples, keeps the answers on this device and leads to opening an account', async () => {
    fakeApi(callMock, { 'campaign.samples': () => samplesReply });
    const view = renderScreen(<ExperienceScreen />, { path: '/Experience', url: '/Experience?appID=1001' });
    expect(await screen.findByText('正常成人的呼吸频率是')).toBeTruthy();
    expect(screen.getByText('游客体验')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: /A\. 10次\/分/ }));
    await user().click(screen.getByRole('button', { name: '提交答案' }));
    expect(screen.getByText('回答错误，正确答案：B')).toBeTruthy();
    expect(screen.getByText(/本机已保存 1 道试做记录/)).toBeTruthy();
    expect(trialAnswers()).toMatchObject([{ appID: 1001, cptID: 5, allTestID: 11, reply: 'A', right: false }]);
    expect(callsTo(callMock, 'practice.submitReply')).toEqual([]);
    await user().click(screen.getByRole('button', { name: '下一题' }));
    await user().click(screen.getByRole('button', { name: /A\. 体温/ }));
    await user().click(screen.getByRole('button', { name: /B\. 脉搏/ }));
    await user().click(screen.getByRole('button', { name: '提交答案' }));
    expect(screen.getByText('回答正确')).toBeTruthy();
    expect(screen.getByText('试做完成：答对 1 / 2 题')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '注册并保存记录' }));
    expect(view.where()).toBe('/openAccount');
  });

  it('/openAccount: a tourist sees the kept answers and registers with the way back', async () => {
    keepTrialAnswer(samples[0]!, 1001, 'B', true);
    const view = renderScreen(<OpenAccountScreen />, { path: '/openAccount' });
    expect(screen.getByText('已试做 1 道，答对 1 道，注册后自动保存。')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '手机号注册' }));
    expect(view.where()).toBe('/login?mode=register&redirect=%2FopenAccount');
  });

  it('/openAccount: after registering, the kept answers are saved to the account once each; refused ones are dropped', async () => {
    keepTrialAnswer(samples[0]!, 1001, 'B', true);
    keepTrialAnswer(samples[1]!, 1001, 'A', false);
    const ids = trialAnswers().map((a) => a.replyID);
    saveLogin(demoLogin);
    cookies.setJSON('SELECTEDAPPNEW', trialNursing);
    fakeApi(callMock, { 'practice.submitReply': (p) => (p.allTestID === 12 ? fail(403, '开通以下任一班次可使用该功能') : stored) });
    const view = renderScreen(<OpenAccountScreen />, { path: '/openAccount' });
    expect(await screen.findByText(/已保存试做记录：1 道题已存入您的账号/)).toBeTruthy();
    expect(callsTo(callMock, 'practice.submitReply')).toEqual([
      { appID: 1001, cptID: 5, allTestID: 11, lastUserReply: 'B', replyID: ids[0] },
      { appID: 1001, cptID: 5, allTestID: 12, lastUserReply: 'A', replyID: ids[1] },
    ]);
    expect(trialAnswers()).toEqual([]);
    await user().click(screen.getByRole('button', { name: '开始学习' }));
    expect(view.where()).toBe('/homePage');
  });

  it('/openAccount keeps the answers that could not be sent (offline) and offers 重试', async () => {
    keepTrialAnswer(samples[0]!, 1001, 'B', true);
    saveLogin(demoLogin);
    let offline = true;
    fakeApi(callMock, {
      'practice.submitReply': () => {
        if (offline) throw new Error('network');
        return stored;
      },
    });
    renderScreen(<OpenAccountScreen />, { path: '/openAccount' });
    const retry = await screen.findByRole('button', { name: '重试' });
    expect(trialAnswers()).toHaveLength(1);
    offline = false;
    await user().click(retry);
    await waitFor(() => expect(trialAnswers()).toEqual([]));
  });
});

describe('/audition', () => {
  it("lists the subject's free lessons and its sample questions; a learner's answer is saved at once", async () => {
    saveLogin(demoLogin);
    cookies.setJSON('SELECTEDAPPNEW', trialNursing);
    const lesson = (id: number, free: boolean) => ({
      id,
      title: `第${id}讲`,
      courseId: 1,
      courseTitle: '基础护理',
      durationS: 600,
      free,
      previewSeconds: 60,
      teacher: null,
      publishedAt: '',
      upcoming: false,
      progress: null,
    });
    fakeApi(callMock, {
      'video.courselist': () => ({
        courses: [
          {
            id: 1,
            appID: 1001,
            title: '基础护理精讲',
            introduction: '',
            teacher: null,
            level: null,
            lessonCount: 2,
            durationS: 0,
            completedCount: 0,
            learners: 0,
            publishedAt: '',
            chapters: [{ id: 1, title: '一', lessons: [lesson(1, true), lesson(2, false)] }],
          },
        ],
        recent: null,
        hasVideo: true,
        full: false,
        unlocking: [],
      }),
      'campaign.samples': () => samplesReply,
      'practice.submitReply': () => stored,
    });
    const view = renderScreen(<AuditionScreen />, { path: '/audition' });
    expect(await screen.findByRole('button', { name: /第1讲/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /第2讲/ })).toBeNull();
    await user().click(await screen.findByRole('button', { name: /B\. 16～20次\/分/ }));
    await user().click(screen.getByRole('button', { name: '提交答案' }));
    await waitFor(() => expect(callsTo(callMock, 'practice.submitReply')).toHaveLength(1));
    await user().click(screen.getByRole('button', { name: /第1讲/ }));
    expect(view.where()).toBe('/videoStudy?lessonID=1');
  });

  it('asks for a subject first', () => {
    saveLogin(demoLogin);
    renderScreen(<AuditionScreen />, { path: '/audition' });
    expect(screen.getByText('请先选择考试科目')).toBeTruthy();
  });
});
