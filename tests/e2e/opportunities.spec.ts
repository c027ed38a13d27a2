/**
 * 采购商机, told as the operator works: from 首页's to-do list into 商机审核, the one that waited
 * longest approved, another rejected — refused at the field without a reason, through with one;
 * 商机查看 finding a rejected one with why on its timeline; in 商机回复 a reply to an approved one
 * that shows in its thread and stays there, and that opportunity closed with a reason.
 */
import { test, expect, app } from './fixtures';
import { Shell, expectPath, expectRefusedAt, fieldError, toast } from './pages';
import { pickReason } from './support/shops';
import { expectAxeClean } from './support/axe';
import { pick } from './member-screens';
import {
  dialogButton,
  filterBox,
  opportunitiesIn,
  operatorCalls,
  rowWith,
  search,
} from './support/opportunities';

test('the operator reviews the queue from 首页: approves the oldest, rejects another only with a reason', async ({
  loggedInPage,
  gateway,
}) => {
  const [oldest, next] = await opportunitiesIn(gateway.api, 'pending');
  expect(next, 'two pending opportunities with titles of their own').toBeDefined();
  const { pendingOpportunities } = await (await operatorCalls(gateway.api)).stats();
  const page = await loggedInPage('operator');
  await page.goto(app('/home'));
  await new Shell(page).expectScreen('首页');
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(`待审核商机 ${pendingOpportunities} 条`) })
    .click();
  await expectPath(page, '/operate/business/toExamine');
  await new Shell(page).expectScreen('商机审核');
  const main = page.getByRole('main');
  await expect(main.getByText(`共 ${pendingOpportunities} 条`)).toBeVisible();

  // Oldest first, each with how long it has waited.
  await expect(main.getByRole('row').nth(1)).toContainText(oldest!.title);
  const first = rowWith(page, oldest!.title);
  await expect(first).toContainText(/\d+(天|小时|分钟)|不到1分钟/);

  await first.getByRole('button', { name: '通过' }).click();
  await expect(toast(page, `已通过商机 ${oldest!.title}`)).toBeVisible();
  await expect(first).toHaveCount(0);
  await expect(main.getByText(`共 ${pendingOpportunities - 1} 条`)).toBeVisible();

  const second = rowWith(page, next!.title);
  await second.getByRole('button', { name: '驳回' }).click();
  const dialog = page.getByRole('dialog', { name: `驳回商机 ${next!.title}` });
  await expect(dialog).toBeVisible();
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('mtop.admin.opportunity.audit')) sent.push(r.url());
  });
  await expectRefusedAt(
    dialogButton(dialog, '驳回'),
    dialog.getByLabel('原因', { exact: true }),
    '请选择原因',
  );
  await expect(dialog).toBeVisible();
  await expectAxeClean(page, 'the reject dialog with its error');
  expect(sent, 'nothing was sent').toEqual([]);

  await pickReason(page, dialog);
  await dialog.getByLabel('具体原因').fill('描述中留有站外联系方式');
  await dialogButton(dialog, '驳回').click();
  await expect(toast(page, `已驳回商机 ${next!.title}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(second).toHaveCount(0);
});

test('商机查看 finds a rejected opportunity by title and state; its drawer shows the category path, the thread and why it was rejected', async ({
  loggedInPage,
  gateway,
}) => {
  // The seed rejects some, each with its reason on its timeline.
  const [opportunity] = await opportunitiesIn(gateway.api, 'rejected');
  expect(opportunity, 'a seeded rejected opportunity').toBeDefined();
  const page = await loggedInPage('operator');
  await page.goto(app('/operate/business/inspect'));
  await new Shell(page).expectScreen('商机查看');
  await filterBox(page, '商机标题').fill(opportunity!.title);
  await pick(page, page.getByRole('main'), '状态', '已驳回');
  await search(page);
  await expect.poll(() => new URL(page.url()).searchParams.get('state')).toBe('rejected');
  const row = rowWith(page, opportunity!.title);
  await expect(row).toContainText('已驳回');
  await row.getByRole('button', { name: /详情/ }).click();
  const drawer = page.getByRole('dialog', { name: `商机 #${opportunity!.id}` });
  await expect(drawer.getByText(/ \/ /).first()).toBeVisible();
  await expect(drawer.getByText(/^原因：/)).toBeVisible();
  await expect(drawer.getByText(/运营小王 · /).first()).toBeVisible();
  await expectAxeClean(page, '商机查看 with a drawer');
});

test('the operator replies to an approved opportunity, sees the reply in its thread, and closes it with a reason', async ({
  loggedInPage,
  gateway,
}) => {
  const approved = await opportunitiesIn(gateway.api, 'approved');
  // The newest approved one: the review story approves the oldest pending ones.
  const opportunity = approved.at(-1)!;
  expect(opportunity, 'an approved opportunity with a title of its own').toBeDefined();
  const words = `平台已为您推荐三家源头工厂（${Date.now()}）`;
  const page = await loggedInPage('operator');
  await page.goto(app('/operate/business/reply'));
  await new Shell(page).expectScreen('商机回复');
  await filterBox(page, '商机标题').fill(opportunity!.title);
  await search(page);
  const row = rowWith(page, opportunity!.title);
  await row.getByRole('button', { name: /查看回复/ }).click();
  await expectPath(
    page,
    `/operate/business/reply?title=${encodeURIComponent(opportunity.title)}&open=${opportunity.id}`,
  );
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: opportunity.title })).toBeVisible();

  // An empty reply is refused at the field.
  const content = main.getByLabel('回复内容');
  await main.getByRole('button', { name: /发送回复/ }).click();
  await expect.poll(() => fieldError(content)).not.toBe('');
  // The shell's fixed header covers the side menu of a scrolled page (a target-size finding).
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAxeClean(page, '商机回复 with a thread and a field error');

  await content.fill(words);
  await main.getByRole('button', { name: /发送回复/ }).click();
  await expect(toast(page, '已发送回复')).toBeVisible();
  const thread = main.getByRole('list', { name: '回复记录' });
  const mine = thread.getByRole('listitem').last();
  await expect(mine).toContainText(words);
  await expect(mine).toContainText('运营小王');
  await expect(content).toHaveValue('');

  // It is the gateway's: a reload shows the same thread.
  await page.reload();
  await expect(
    main.getByRole('list', { name: '回复记录' }).getByRole('listitem').last(),
  ).toContainText(words);

  await main.getByRole('button', { name: '关闭', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `关闭商机 ${opportunity.title}` });
  await pickReason(page, dialog);
  await dialogButton(dialog, '关闭').click();
  await expect(toast(page, `已关闭商机 ${opportunity.title}`)).toBeVisible();
  await expect(rowWith(page, opportunity.title)).toHaveCount(0);
  await expect(main.getByText('在左侧选择一条商机，查看回复并以平台身份回复')).toBeVisible();
});
