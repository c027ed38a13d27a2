/**
 * 商品管理 and 商品详情, as the operator tells it: a product taken down for violation with a reason
 * (which its 操作记录 then shows); three selected products taken off sale in one go, the result
 * naming each; a product already off sale reported as skipped, not as an error; a product's images
 * shown through signed URLs.
 */
import { test, expect, app } from './fixtures';
import { Shell, pickOption, rowOfId, toast } from './pages';
import { Admin, confirm, type Product } from './catalog';
import { expectAxeClean } from './support/axe';

const LIST = '/baseMgmt/prodMgmt';

test('a product is taken down for violation with a reason, which its timeline then shows', async ({
  loggedInPage,
  gateway,
}) => {
  const admin = await Admin.signIn(gateway.api);
  // The oldest product on sale: the other stories take theirs from the newest.
  const [product] = await admin.products({
    status: 'onSale',
    sortField: 'id',
    sortOrder: 'ascend',
  });
  expect(product, 'a product on sale').toBeDefined();
  const { id, title } = product as Product;

  const page = await loggedInPage('admin');
  await page.goto(app(`${LIST}?status=onSale&sortField=id&sortOrder=ascend`));
  await new Shell(page).expectScreen('商品管理');
  const onSaleTab = page.getByRole('tab', { name: /^在售 \d+$/ });
  const before = Number((await onSaleTab.innerText()).replace(/\D/g, ''));

  const row = rowOfId(page, id);
  await row.getByRole('button', { name: '违规下架' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: `违规下架商品「${title}」` });
  await expect(dialog).toBeVisible();
  // 其他 without words is refused at the field, and nothing is sent.
  await pickOption(page, dialog.getByRole('combobox', { name: '原因' }), '其他');
  await dialog.getByRole('button', { name: /违规下架/ }).click();
  await expect(dialog.getByText('选择「其他」时请填写具体原因')).toBeVisible();
  await dialog.getByRole('textbox', { name: '具体原因' }).fill('主图盗用他人店铺图片');
  await dialog.getByRole('button', { name: /违规下架/ }).click();

  await expect(toast(page, `已违规下架商品「${title}」`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(onSaleTab).toHaveText(`在售 ${before - 1}`);

  await page.goto(app(`${LIST}/prodDetail?id=${id}`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const timeline = page.locator('.ant-card').filter({ hasText: '操作记录' });
  await expect(timeline.getByText('原因：其他：主图盗用他人店铺图片')).toBeVisible();
  await expect(timeline.getByText('系统管理员', { exact: false }).first()).toBeVisible();
  // Lifting it is what the lifecycle offers next; putting it on sale is not.
  await expect(page.getByRole('button', { name: '解除违规' })).toBeVisible();
  await expect(page.getByRole('button', { name: '上架' })).toHaveCount(0);
});

test('three selected products go off sale in one go and the result names each', async ({
  loggedInPage,
  gateway,
}) => {
  const admin = await Admin.signIn(gateway.api);
  const three = (
    await admin.products({ status: 'onSale', sortField: 'id', sortOrder: 'descend' })
  ).slice(0, 3);
  expect(three).toHaveLength(3);

  const page = await loggedInPage('admin');
  await page.goto(app(`${LIST}?status=onSale&sortField=id&sortOrder=descend`));
  await new Shell(page).expectScreen('商品管理');
  for (const product of three) {
    await rowOfId(page, product.id).getByRole('checkbox').check();
  }
  await expect(page.getByText('已选择 3 项')).toBeVisible();
  await page.getByRole('button', { name: '批量下架' }).click();
  await confirm(page, /批量下架/);

  const report = page.getByRole('dialog').filter({ hasText: '批量下架：成功 3 项' });
  await expect(report).toBeVisible();
  for (const product of three) {
    await expect(report.getByRole('listitem').filter({ hasText: product.title })).toContainText(
      '成功',
    );
  }
  await report.getByRole('button', { name: '知道了' }).click();
  for (const product of three) await expect(rowOfId(page, product.id)).toHaveCount(0);
  const now = await admin.products({ status: 'offSale', sortField: 'id', sortOrder: 'descend' });
  for (const product of three) expect(now.map((p) => p.id)).toContain(product.id);
});

test('a product already off sale is reported as skipped, not as an error', async ({
  loggedInPage,
  gateway,
}) => {
  const admin = await Admin.signIn(gateway.api);
  // A shop with two products on sale (away from the other stories' oldest and newest): one goes
  // off sale first, behind the operator's back.
  const onSale = await admin.products({
    status: 'onSale',
    sortField: 'id',
    sortOrder: 'ascend',
    page: 2,
  });
  const byShop = new Map<number, Product[]>();
  for (const p of onSale) byShop.set(p.shopId, [...(byShop.get(p.shopId) ?? []), p]);
  const pair = [...byShop.values()].find((products) => products.length >= 2);
  expect(pair, 'a shop with two products on sale').toBeDefined();
  const [already, still] = pair as [Product, Product];

  const page = await loggedInPage('admin');
  await page.goto(app(`${LIST}?shopId=${already.shopId}&sortField=id&sortOrder=ascend`));
  await new Shell(page).expectScreen('商品管理');
  await expect(rowOfId(page, already.id)).toBeVisible();
  await admin.setProductStatus([already.id], 'offSale');

  await rowOfId(page, already.id).getByRole('checkbox').check();
  await rowOfId(page, still.id).getByRole('checkbox').check();
  await page.getByRole('button', { name: '批量下架' }).click();
  await confirm(page, /批量下架/);

  const report = page.getByRole('dialog').filter({ hasText: '批量下架：成功 1 项，跳过 1 项' });
  await expect(report).toBeVisible();
  await expect(report).not.toContainText('失败');
  const skipped = report.getByRole('listitem').filter({ hasText: already.title });
  await expect(skipped).toContainText('跳过');
  await expect(skipped).toContainText('已是「已下架」');
  await expect(report.getByRole('listitem').filter({ hasText: still.title })).toContainText('成功');
});

test("a product's detail shows its images through signed URLs", async ({
  loggedInPage,
  gateway,
}) => {
  const admin = await Admin.signIn(gateway.api);
  let product: Product | undefined;
  for (let page = 1; !product && page <= 10; page += 1) {
    const list = await admin.products({ sortField: 'id', sortOrder: 'ascend', page });
    product = list.find((p) => p.coverUrl);
    if (list.length === 0) break;
  }
  expect(product, 'a product with pictures').toBeDefined();
  const { id, title } = product as Product;

  const page = await loggedInPage('admin');
  await page.goto(app(`${LIST}/prodDetail?id=${id}`));
  await new Shell(page).expectScreen('商品详情');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const first = page.getByRole('img', { name: `${title} 图片 1` });
  await expect(first).toBeVisible();
  const src = (await first.getAttribute('src')) ?? '';
  expect(src).toMatch(/\/files\/.+\?exp=\d+&sig=[\w-]+/);
  // The browser got the picture (a refused URL would leave it without pixels).
  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // The gallery passes the axe gate as the menu routes do (which open the page without an id).
  await expectAxeClean(page, 'the gallery of 商品详情');
  // The same URL with its signature altered is refused.
  const signed = new URL(src, gateway.origin);
  const sig = signed.searchParams.get('sig') ?? '';
  signed.searchParams.set('sig', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`);
  const altered = await page.request.get(signed.toString());
  expect(altered.status()).toBe(403);
});

test('a frozen shop’s products read 店铺已冻结 and leave 在售 and 首页’s figure until it reopens', async ({
  loggedInPage,
  gateway,
}) => {
  const admin = await Admin.signIn(gateway.api);
  // The dearest product on sale: the other stories take theirs by id.
  const [dearest] = await admin.products({
    status: 'onSale',
    sortField: 'priceMin',
    sortOrder: 'descend',
  });
  const shopId = (dearest as Product).shopId;
  const onSale = await admin.products({ shopId, status: 'onSale' });
  expect(onSale.length).toBeGreaterThan(0);
  const setShop = async (status: string) => {
    const { shop } = await admin.data<{ shop: { version: number } }>('mtop.admin.shop.detail', {
      id: shopId,
    });
    await admin.data(
      'mtop.admin.shop.setStatus',
      { id: shopId, version: shop.version, status, reasonCode: 'complaints' },
      'POST',
    );
  };

  const page = await loggedInPage('admin');
  const shell = new Shell(page);
  const kpi = page.locator('.ant-statistic').filter({ hasText: '在售商品' });
  const figure = async () =>
    Number((await kpi.locator('.ant-statistic-content-value').innerText()).replace(/\D/g, ''));
  await page.goto(app('/home'));
  await shell.expectScreen('首页');
  await expect(kpi.locator('.ant-statistic-content-value')).toHaveText(/\d/);
  const before = await figure();

  await setShop('frozen');
  await page.reload();
  await shell.expectScreen('首页');
  await expect.poll(figure).toBe(before - onSale.length);

  await page.goto(app(`${LIST}?shopId=${shopId}`));
  await shell.expectScreen('商品管理');
  const row = rowOfId(page, onSale[0]!.id);
  await expect(row.getByText('店铺已冻结')).toBeVisible();
  await expect(row.getByText('在售', { exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^在售 \d+$/ })).toHaveText('在售 0');
  await expectAxeClean(page, 'a held product');

  await setShop('active');
  await page.reload();
  await shell.expectScreen('商品管理');
  await expect(page.getByRole('tab', { name: /^在售 \d+$/ })).toHaveText(`在售 ${onSale.length}`);
  await expect(rowOfId(page, onSale[0]!.id).getByText('店铺已冻结')).toHaveCount(0);
});
