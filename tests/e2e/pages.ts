/**
 * Thin page objects: the login form, the shell (header, menus, breadcrumbs, the page area) and
 * the checks every story shares. Role, label and text locators only.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { app } from './fixtures';
import { BUILT_SCREENS, EXCEPTION_TEXT } from '../support/product.mjs';

/** The login button; tolerant of antd's optional space between two CJK characters ("登 录"). */
const LOGIN_BUTTON = /^\s*登\s*录\s*$/;

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

  /** Opens the user dropdown by clicking the nickname in the header and clicks 退出登录. */
  async logout(nickname: string): Promise<void> {
    await this.header.getByText(nickname, { exact: true }).click();
    await this.page.getByRole('menuitem', { name: '退出登录' }).click();
  }

  /** Waits until the page area is no longer a loading placeholder. */
  async settled(): Promise<void> {
    await expect(this.page.getByTestId('page-skeleton')).toHaveCount(0);
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
  const texts = await menu.getByRole('menuitem').allInnerTexts();
  return texts.map((t) => t.trim()).filter(Boolean);
}

/** The toasts (antd message notices carry role=alert). */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text });
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
