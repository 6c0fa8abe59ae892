import { expect, test, type Page } from '@playwright/test';
import { axeProblems, freshNursingTrial, smallTapTargets } from './helpers';

/**
 * The profile (docs/profile.md, docs/uploads.md) against the real server at 390×844: a new learner opens 个人资料 from
 * the home header's avatar, uploads an avatar (re-encoded by the server, shown from /media/u/…), sets a nickname that
 * is cut at the §5 width as typed, a QQ number (a bad one refused on the phone), education and profession, and sees
 * the avatar and nickname in the home header; the five screens pass axe-core with 44×44 tap targets by day and night.
 */

/** An 8×8 PNG (a blue square). The server decides the type by these bytes, not by the name. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWPQq72OFTEMLQkAirNggaCMnC8AAAAASUVORK5CYII=', 'base64');

const row = (page: Page, label: string) => page.getByRole('link', { name: new RegExp(`^${label}：`) });

test('a learner edits the profile and sees the avatar and nickname in the home header', async ({ page, request }) => {
  await freshNursingTrial(page, request);
  await page.getByRole('link', { name: '个人资料' }).click();
  await expect(page).toHaveURL(/\/userInfoPage(\?|$)/);
  await expect(page.getByRole('heading', { name: '个人资料' })).toBeVisible();
  await expect(row(page, 'QQ号')).toHaveAccessibleName('QQ号：未填写');

  // 头像: the file picker's bytes go to upload.image; the server's JPEG is shown.
  await page.getByLabel('更换头像').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  const avatar = page.getByTestId('avatar-image');
  await expect(avatar).toHaveAttribute('src', /^\/media\/u\/\d+\/avatar\/[\w-]+\.jpg$/);
  const served = await request.get((await avatar.getAttribute('src'))!);
  expect(served.headers()['content-type']).toBe('image/jpeg');

  // 昵称: cut at 16 (汉字 count 2) while typing.
  await row(page, '昵称').click();
  await expect(page).toHaveURL(/\/changeNickname(\?|$)/);
  const nick = page.getByLabel('昵称', { exact: true });
  await nick.fill('');
  await nick.pressSequentially('护理学习小能手加油');
  await expect(nick).toHaveValue('护理学习小能手加');
  await expect(page.getByText('16/16')).toBeVisible();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/userInfoPage(\?|$)/);
  await expect(row(page, '昵称')).toHaveAccessibleName('昵称：护理学习小能手加');

  // QQ号: a bad number is refused on the phone, a good one saved.
  await row(page, 'QQ号').click();
  await expect(page).toHaveURL(/\/setQQNum(\?|$)/);
  await page.getByLabel('QQ号').fill('1234');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('alert')).toHaveText('QQ号格式不正确');
  await page.getByLabel('QQ号').fill('123456789');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(row(page, 'QQ号')).toHaveAccessibleName('QQ号：123456789');

  // 学历 and 职业: one tap each.
  await row(page, '学历').click();
  await page.getByRole('radio', { name: '本科' }).click();
  await expect(row(page, '学历')).toHaveAccessibleName('学历：本科');
  await row(page, '职业').click();
  await page.getByRole('radio', { name: '护士' }).click();
  await expect(row(page, '职业')).toHaveAccessibleName('职业：护士');

  // The home header shows both.
  await page.goto('/homePage');
  await expect(page.getByRole('heading', { level: 1, name: '护理学习小能手加' })).toBeVisible();
  await expect(page.getByRole('link', { name: '个人资料' }).getByTestId('avatar-image')).toHaveAttribute('src', /^\/media\/u\/\d+\/avatar\//);

  // A reload keeps them (they are the server's, not the page's).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '护理学习小能手加' })).toBeVisible();
});

test('the profile screens pass axe-core and keep every tap target at least 44×44, by day and at night', async ({ page, request }) => {
  await freshNursingTrial(page, request);
  const found: Record<string, unknown> = {};
  for (const night of [false, true]) {
    await page.evaluate((n) => localStorage.setItem('nightMode', n ? '1' : '0'), night);
    for (const path of ['/userInfoPage', '/changeNickname', '/setQQNum', '/eduCational', '/Professional']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('加载中…')).toHaveCount(0);
      const axe = await axeProblems(page);
      const small = await smallTapTargets(page);
      if (axe.length > 0 || small.length > 0) found[`${night ? 'night ' : ''}${path}`] = { axe, small };
    }
  }
  expect(found).toEqual({});
});
