/**
 * 类目管理, as the operator tells it: a fourth level is refused (no 添加子类目 at the third, and the
 * gateway's refusal shown when the tree changed under an open dialog); deleting a category that
 * has products is refused and names them; a drag reorder survives a reload.
 */
import { test, expect, app } from './fixtures';
import { Shell, toast } from './pages';
import { Admin, categoryNames, categoryRow, confirm, flat, unique, type Category } from './catalog';

const PAGE = '/baseMgmt/classifyMgmt';
const SAVE = /^\s*保\s*存\s*$/;

test('a fourth category level is refused', async ({ loggedInPage, gateway }) => {
  const admin = await Admin.signIn(gateway.api);
  const tree = await admin.tree();
  const third = flat(tree).find((n) => n.level === 3) as Category;
  expect(third, 'a third-level category').toBeDefined();
  // A new second-level leaf under the first root, and another second-level category to move it to.
  const root = tree[0] as Category;
  const other = root.children.find((n) => n.level === 2) as Category;
  const leaf = await admin.addCategory(unique('待移类目'), root.id);

  const page = await loggedInPage('admin');
  await page.goto(app(PAGE));
  await new Shell(page).expectScreen('类目管理');
  // At the third level there is no 添加子类目 to press.
  await expect(
    categoryRow(page, third.name).first().getByRole('button', { name: '添加子类目' }),
  ).toBeDisabled();

  // The operator starts a child under the second-level leaf; meanwhile it is moved a level down.
  await categoryRow(page, leaf.name).getByRole('button', { name: '添加子类目' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: `添加子类目（上级：${leaf.name}）` });
  await dialog.getByRole('textbox', { name: '类目名称' }).fill(unique('第四级'));
  await admin.data(
    'mtop.admin.category.save',
    { id: leaf.id, version: leaf.version, parentId: other.id, name: leaf.name },
    'POST',
  );
  await dialog.getByRole('button', { name: SAVE }).click();
  await expect(dialog.getByRole('alert')).toContainText('类目最多三级');
  await expect(dialog).toBeVisible();
  // Nothing was added under it.
  const moved = flat(await admin.tree()).find((n) => n.id === leaf.id) as Category;
  expect(moved.level).toBe(3);
  expect(moved.children).toEqual([]);
});

test('deleting a category that has products is refused and names them', async ({
  loggedInPage,
  gateway,
}) => {
  const admin = await Admin.signIn(gateway.api);
  const used = flat(await admin.tree()).find(
    (n) => n.level === 3 && n.productCount > 0,
  ) as Category;
  expect(used, 'a leaf category with products').toBeDefined();
  const titles = (await admin.products({ categoryId: used.id })).map((p) => p.title);

  const page = await loggedInPage('admin');
  await page.goto(app(PAGE));
  await new Shell(page).expectScreen('类目管理');
  const row = categoryRow(page, used.name).first();
  await expect(row).toContainText(String(used.productCount));
  await row.getByRole('button', { name: '删除' }).click();
  await confirm(page, /删\s*除/);

  const refusal = page.getByRole('dialog').filter({ hasText: `无法删除类目「${used.name}」` });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText(`${used.productCount}`);
  const text = await refusal.innerText();
  expect(
    titles.some((title) => text.includes(title)),
    `the refusal names one of its products: ${text}`,
  ).toBe(true);
  await refusal.getByRole('button', { name: /知道了|确\s*定|OK/ }).click();
  // Still there.
  expect(flat(await admin.tree()).some((n) => n.id === used.id)).toBe(true);
  await expect(categoryRow(page, used.name).first()).toBeVisible();
});

test('a drag reorder among siblings survives a reload', async ({ loggedInPage, gateway }) => {
  const admin = await Admin.signIn(gateway.api);
  const parent = await admin.addCategory(unique('排序'));
  const names = ['甲', '乙', '丙'].map((n) => unique(n));
  for (const name of names) await admin.addCategory(name, parent.id);
  const [first, second, third] = names as [string, string, string];

  const page = await loggedInPage('admin');
  await page.goto(app(PAGE));
  await new Shell(page).expectScreen('类目管理');
  const order = async () => (await categoryNames(page)).filter((n) => names.includes(n));
  await expect.poll(order).toEqual([first, second, third]);

  // 丙's handle, dragged with the mouse onto 甲's row.
  const handle = categoryRow(page, third).getByRole('button', { name: `拖动排序：${third}` });
  const target = categoryRow(page, first);
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('rows are laid out');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 4, { steps: 4 });
  await page.mouse.up();

  await expect(toast(page, '已保存新的顺序')).toBeVisible();
  await expect.poll(order).toEqual([third, first, second]);
  await page.reload();
  await new Shell(page).expectScreen('类目管理');
  await expect.poll(order).toEqual([third, first, second]);
});
