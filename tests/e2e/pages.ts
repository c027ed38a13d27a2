/**
 * Thin page objects: the login form, the shell (header, menus, breadcrumbs, the page area) and
 * the checks every story shares. Role, label and text locators only.
 */
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { app } from './fixtures';
import { BUILT_SCREENS, EXCEPTION_TEXT, SPEC_ROUTES } from '../support/product.mjs';

/** The login button; tolerant of antd's optional space between two CJK characters ("登 录"). */
const LOGIN_BUTTON = /^\s*登\s*录\s*$/;

/** Where each route of the spec's table that redirects lands. */
const REDIRECTS = new Map(
  (SPEC_ROUTES as { path: string; kind: string; to?: string }[])
    .filter((r) => r.kind === 'redirect')
    .map((r) => [r.path, r.to as string]),
);

/** Texts that mean a page did not render. */
const FAILURE_TEXT =
  /页面加载失败|页面出错了|菜单加载失败|抱歉，您无权访问此页面|抱歉，您访问的页面不存在/;

export class LoginPage {
  readonly username: Locator;
  readonly password: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.username = page.getByLabel('用户名');
    this.password = page.getByLabel('密码', { exact: true });
    this.submit = page.getByRole('button', { name: LOGIN_BUTTON });
  }

  async open(search = ''): Promise<this> {
    await this.page.goto(app(`/login${search}`));
    await expect(this.submit).toBeVisible();
    return this;
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** The error the form shows above its fields. */
  failure(text: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
}

export class Shell {
  readonly header: Locator;
  readonly topMenu: Locator;
  readonly sideMenu: Locator;
  readonly main: Locator;
  readonly breadcrumb: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner');
    this.topMenu = page.getByRole('menu', { name: '主导航' });
    this.sideMenu = page.getByRole('menu', { name: '侧边导航' });
    this.main = page.getByRole('main');
    this.breadcrumb = page.getByRole('navigation').filter({ has: page.getByRole('list') });
  }

  /**
   * The top menu settles on exactly `expected`. Polled: antd lays a horizontal menu out in two
   * passes (measure, then overflow), so one read right after render can catch the first pass.
   */
  async expectTopMenu(expected: string[], message?: string): Promise<void> {
    await expect.poll(() => aliases(this.topMenu), { message }).toEqual(expected);
  }

  /** The side menu settles on exactly `expected` (its entries' aliases, in order). */
  async expectSideMenu(expected: string[]): Promise<void> {
    await expect.poll(() => aliases(this.sideMenu)).toEqual(expected);
  }

  /** The header avatar's rendered size in CSS pixels (the spec fixes 36). */
  async avatarSize(): Promise<{ width: number; height: number }> {
    // The default avatar shows antd's `user` icon; its box is the avatar's.
    const icon = this.header.getByRole('img', { name: 'user' });
    return icon.evaluate((el) => {
      const avatar = el.parentElement as HTMLElement;
      const { width, height } = avatar.getBoundingClientRect();
      return { width, height };
    });
  }

  /**
   * Signs out through the header's user menu, until the page has left for /login. Again when the
   * click missed: on a loaded machine the menu can be drawn before it is placed under its button,
   * and a click on it then lands on the header (the deploy smoke, 1 run in 5).
   */
  async logout(nickname: string): Promise<void> {
    const item = this.page.getByRole('menuitem', { name: '退出登录' });
    const signedOut = () => /\/login$/.test(new URL(this.page.url()).pathname);
    await expect(async () => {
      if (signedOut()) return;
      if (!(await openMenus(this.page).count())) {
        await this.header.getByText(nickname, { exact: true }).click({ timeout: 2_000 });
      }
      await item.click({ timeout: 3_000 });
      await expect.poll(signedOut, { timeout: 5_000 }).toBe(true);
    }).toPass({ timeout: 30_000 });
  }

  /**
   * Waits until the shown page is no longer a loading placeholder, and no list, tree or panel on it
   * is still loading (the kit's busy status region, `kit/Loading`): axe once scanned 询价单 while
   * its table was that region (ci-local of 6c2db69, issue 27). Only the shown page: a kept tab
   * left while it loaded stays in the document, hidden, and is not waited on.
   */
  async settled(): Promise<void> {
    await expect(this.page.getByTestId('page-skeleton').filter({ visible: true })).toHaveCount(0);
    await expect(
      this.page
        .getByRole('status')
        .and(this.page.locator('[aria-busy="true"]'))
        .filter({ visible: true }),
    ).toHaveCount(0);
  }

  /**
   * The page at the current URL rendered the screen `alias`: the trail ends at it, the page area is
   * neither blank nor an error or exception view; a landed screen (BUILT_SCREENS) is not the
   * placeholder, and any other screen is the 建设中 placeholder naming itself.
   */
  async expectScreen(alias: string): Promise<void> {
    await this.settled();
    await expect(this.breadcrumb.getByRole('listitem').last()).toHaveText(alias);
    await expect(this.main.getByText(FAILURE_TEXT)).toHaveCount(0);
    await expect(this.main).not.toBeEmpty();
    const text = (await this.main.innerText()).trim();
    expect(text.length, 'the page area shows something').toBeGreaterThan(0);
    const placeholder = this.main.getByText('建设中', { exact: true });
    if (BUILT_SCREENS.has(alias)) {
      await expect(placeholder, `${alias} is a landed screen`).toHaveCount(0);
    } else {
      await expect(placeholder, `${alias} has not landed: 建设中`).toBeVisible();
      await expect(this.main.getByText(`「${alias}」`)).toBeVisible();
    }
  }

  /**
   * Moves the loaded app to `path` as the browser's back and forward buttons move it: the router
   * follows the new address and nothing reloads, so the screens before stay in their kept tabs as
   * in an operator's session. Resolves with the path it lands on (a group of the spec's table goes
   * on to its first screen) once the address is that path and the trail names its screen;
   * `aliases` maps the menu tree's paths to their aliases. The page is then drawn but may still be
   * loading: see `settled`.
   */
  async visit(path: string, aliases: ReadonlyMap<string, string>): Promise<string> {
    const landing = REDIRECTS.get(path) ?? path;
    await this.page.evaluate((href) => {
      history.pushState(null, '', href);
      dispatchEvent(new PopStateEvent('popstate'));
    }, app(path));
    const trail = this.breadcrumb.getByRole('listitem');
    await expect
      .poll(
        async () => [inAppPath(this.page).split('?')[0], (await trail.allInnerTexts()).at(-1)],
        { message: `${path}: the address and the trail's last entry` },
      )
      .toEqual([landing, aliases.get(landing)]);
    return landing;
  }

  /** The antd Result of an exception page: its status, sentence and the way home. */
  async expectException(status: '403' | '404' | '500'): Promise<void> {
    await this.settled();
    await expect(this.main.getByText(status, { exact: true })).toBeVisible();
    const sentence = (EXCEPTION_TEXT as Record<string, string>)[status];
    await expect(this.main.getByText(sentence)).toBeVisible();
    await expect(this.main.getByRole('button', { name: '返回首页' })).toBeVisible();
  }
}

/** The trimmed, non-empty texts of a menu's entries, in order. */
async function aliases(menu: Locator): Promise<string[]> {
  // An entry's label is its link (a group's: its title); a badge beside it is not part of it.
  const texts = await menu
    .getByRole('menuitem')
    .evaluateAll((items) =>
      items.map((item) => (item.querySelector('a') ?? (item as HTMLElement)).innerText),
    );
  return texts.map((t) => t.trim()).filter(Boolean);
}

/** The toasts (antd message notices carry role=alert). */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/**
 * Clicks `button` (导出 CSV) and resolves with the download it starts once `shows` (its toast,
 * 已导出 N 条记录) has shown as well. The toast is watched for from the click on: it lasts 3 s, and
 * on a loaded machine reading the file afterwards can take longer than that.
 */
export async function downloadFrom(button: Locator, shows: Locator): Promise<Download> {
  const [download] = await Promise.all([
    button.page().waitForEvent('download'),
    expect(shows).toBeVisible({ timeout: 30_000 }),
    button.click(),
  ]);
  return download;
}

/** The in-app path of the page's URL (base path removed), with its query. */
export function inAppPath(page: Page): string {
  const url = new URL(page.url());
  return url.pathname.replace(/^\/adnur[aA]dmin/, '') + url.search;
}

/** Asserts the page's in-app path equals `path` (query included when given). */
export async function expectPath(page: Page, path: string): Promise<void> {
  await expect.poll(() => inAppPath(page), { message: `URL should be ${path}` }).toBe(path);
}

/**
 * The table row of record `id` (the tables key their rows by id) in the shown page's main area,
 * or in `scope` where a page shows more than one table. Not by a cell reading `id`: another row's
 * quantity, price or date can read the same.
 */
export function rowOfId(scope: Page | Locator, id: number): Locator {
  const area = 'goto' in scope ? scope.getByRole('main') : scope;
  return area.locator(`tbody tr[data-row-key="${id}"]`);
}

/** The root of the antd Select, TreeSelect or Cascader whose input is `field`: it shows the pick. */
export function selectRoot(field: Locator): Locator {
  return field.locator(
    'xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
}

/**
 * Picks `title` in the antd Select or TreeSelect whose input is `field` and waits until the
 * field shows it and its dropdown has closed. Under load a click can meet the dropdown still
 * sliding in and be lost; the form then sends no value (or fails the field's rule), so the pick is
 * tried again. The field is clicked only while its dropdown is closed (`aria-expanded`): a click
 * on it while it opens would shut it again.
 */
export async function pickOption(page: Page, field: Locator, title: string): Promise<void> {
  const select = selectRoot(field);
  const open = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if (!(await select.innerText()).includes(title)) {
      if (!(await expanded(field))) await field.click({ timeout: 5_000 });
      const option = open.getByTitle(title, { exact: true }).first();
      await expect(option).toBeVisible({ timeout: 5_000 });
      await stillness(page);
      await option.click({ timeout: 5_000 });
    }
    await expect(select).toContainText(title, { timeout: 2_000 });
    // A single pick shuts the dropdown; a multiple one leaves it open for more (its caller shuts it).
    if ((await select.getAttribute('class'))?.includes('ant-select-single')) {
      await closeSelect(page, field);
    }
  }).toPass({ timeout: 30_000 });
}

/** Whether the Select (or TreeSelect, Cascader) whose input is `field` has its dropdown open. */
async function expanded(field: Locator): Promise<boolean> {
  return (await field.getAttribute('aria-expanded', { timeout: 5_000 })) === 'true';
}

/**
 * Waits until the dropdown of the single Select (or TreeSelect) whose input is `field` has shut:
 * left open over a dialog, it covers the dialog's buttons and takes the click meant for them. A
 * pick shuts it a task later (rc-select defers a close); one that stays open is shut with
 * Escape, for a plain Select only, where the select keeps the key to itself (a TreeSelect lets it
 * through to the dialog, which would close).
 */
export async function closeSelect(page: Page, field: Locator): Promise<void> {
  const shut = page.locator('.ant-select-dropdown:visible');
  const closed = async (timeout: number) => {
    await expect(field).toHaveAttribute('aria-expanded', 'false', { timeout });
    await expect(shut).toHaveCount(0, { timeout });
  };
  try {
    await closed(3_000);
  } catch (error) {
    const root = (await selectRoot(field).getAttribute('class', { timeout: 2_000 })) ?? '';
    if (root.includes('ant-tree-select') || !(await expanded(field))) throw error;
    await field.press('Escape', { timeout: 2_000 });
    await closed(2_000);
  }
}

/** The error antd shows under form field `field` (the `<id>_help` its description names), or ''. */
export async function fieldError(field: Locator): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/);
  const help = ids.find((id) => id.endsWith('_help'));
  if (!help) return '';
  const element = field.page().locator(`[id="${help}"]`);
  return (await element.count()) ? (await element.innerText()).trim() : '';
}

/**
 * Resolves once no finite animation runs on the page (a dialog zooming in, a menu sliding in, a
 * fade axe would measure colours half way through); waits up to `timeout` when one is given.
 */
export async function animationsDone(page: Page, timeout?: number): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
        ),
    undefined,
    timeout === undefined ? {} : { timeout },
  );
}

/**
 * Waits up to 5 s for the page to be still before a click: what moves under the pointer can lose
 * the click without an error, since Playwright checks the element hit on the press, not on the
 * release.
 */
export async function stillness(page: Page): Promise<void> {
  await animationsDone(page, 5_000).catch(() => undefined);
}

/**
 * Clicks `target` once the page is still, until `effect` holds (`effect` is told how long it may
 * wait). It is clicked again only when the effect has not shown 5 s later, the target is still
 * shown and it is not busy with the first click's call (antd marks such a button
 * `ant-btn-loading`): nothing is sent twice.
 */
export async function clickUntil(
  target: Locator,
  effect: (timeout: number) => Promise<unknown>,
): Promise<void> {
  await expect(async () => {
    // Read without waiting: a slow answer on a loaded machine is not taken for a busy button.
    const busy = await target.evaluateAll((all) =>
      all.some((b) => b.classList.contains('ant-btn-loading')),
    );
    if (!busy && (await target.isVisible())) {
      await stillness(target.page());
      await target.click({ timeout: 5_000 });
    }
    await effect(5_000);
  }).toPass({ timeout: 30_000 });
}

/**
 * Clicks button `name` in `popup` (an antd confirmation: a Modal.confirm dialog or a Popconfirm)
 * until the popup has closed. `shows` (a toast: it lasts 3 s) is watched for from the first click
 * on, since the popup may be seen closed only after the toast has gone on a loaded machine.
 */
export async function answer(
  popup: Locator,
  name: string | RegExp,
  shows?: Locator,
): Promise<void> {
  await Promise.all([
    clickUntil(popup.getByRole('button', { name }), (timeout) =>
      expect(popup).toBeHidden({ timeout }),
    ),
    shows ? expect(shows).toBeVisible({ timeout: 30_000 }) : undefined,
  ]);
}

/**
 * Clicks `submit` on a form that the core refuses, until `field` shows `message`: the refusal is
 * made in the browser, so a second click sends nothing either.
 */
export async function expectRefusedAt(
  submit: Locator,
  field: Locator,
  message: string,
): Promise<void> {
  await clickUntil(submit, (timeout) =>
    expect.poll(() => fieldError(field), { timeout }).toBe(message),
  );
}

/** An antd Dropdown menu open or opening (not one closing). */
function openMenus(page: Page): Locator {
  return page.locator('.ant-dropdown:not(.ant-dropdown-hidden):not([class*="-leave"])');
}

/**
 * Opens the antd Dropdown menu of `trigger` until `item` shows in it. The trigger is clicked only
 * when no menu is open or opening: a second click would close a menu still sliding in.
 */
export async function openMenu(page: Page, trigger: Locator, item: Locator): Promise<void> {
  await expect(async () => {
    if (!(await openMenus(page).count())) await trigger.click({ timeout: 5_000 });
    await expect(item).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/** Picks `item` in the Dropdown menu of `trigger` until the menu has closed (a pick closes it). */
export async function pickMenuItem(page: Page, trigger: Locator, item: Locator): Promise<void> {
  await expect(async () => {
    if (!(await openMenus(page).count())) await trigger.click({ timeout: 5_000 });
    await expect(item).toBeVisible({ timeout: 5_000 });
    await stillness(page);
    await item.click({ timeout: 5_000 });
    await expect(item).toBeHidden({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}
